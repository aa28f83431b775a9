/** A request body longer than its route allows; routes answer it with 413 in their own error shape. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the request body exceeds ${limit} bytes`)
    this.name = 'BodyTooLargeError'
  }
}

/**
 * The body as UTF-8 text, read chunk by chunk and abandoned as soon as it passes `limit` bytes,
 * whether or not the client declared a length: a chunked body of any size costs at most `limit`
 * bytes of memory (Hono's `req.text()` would read it whole first).
 */
export async function readBodyText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > limit) throw new BodyTooLargeError(limit)
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let length = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    length += value.byteLength
    if (length > limit) {
      await reader.cancel().catch(() => {})
      throw new BodyTooLargeError(limit)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, length).toString('utf8')
}
