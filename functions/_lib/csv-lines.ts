/**
 * The lines of a streamed text file with their numbers (1-based) and the bytes read so far, decoded as UTF-8 chunk by
 * chunk: only the current line and one chunk are ever in memory.
 */
export async function* csvLines(body: AsyncIterable<Uint8Array>): AsyncGenerator<{ line: number; text: string; bytesRead: number }> {
  const decoder = new TextDecoder('utf-8')
  let pending = ''
  let line = 0
  let bytesRead = 0
  for await (const chunk of body) {
    bytesRead += chunk.byteLength
    pending += decoder.decode(chunk, { stream: true })
    let end = pending.indexOf('\n')
    while (end !== -1) {
      yield { line: ++line, text: pending.slice(0, end).replace(/\r$/, ''), bytesRead }
      pending = pending.slice(end + 1)
      end = pending.indexOf('\n')
    }
  }
  pending += decoder.decode()
  if (pending !== '') yield { line: ++line, text: pending.replace(/\r$/, ''), bytesRead }
}

/** `ts,value` of one CSV line (fields may be double-quoted), or the reason it is not. */
export function splitCsvPoint(text: string): { ts: string; value: string } | string {
  const fields = text.split(',').map((f) =>
    f
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  )
  if (fields.length !== 2) return `expected 2 fields (ts,value), found ${fields.length}`
  return { ts: fields[0]!, value: fields[1]! }
}
