import { fork } from 'node:child_process'
import { once } from 'node:events'
import { createReadStream, createWriteStream, mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/**
 * Storage benchmark (issue 10): upload and download MB/s through /v1/storage for 1 MB and 50 MB
 * files, side by side with a plain stream copy of the same file on the same disk (the floor any
 * upload or download that lands on disk has to pay), and the backend's peak RSS during a 50 MB
 * upload against its idle RSS. The backend runs in its own process (bench/storage-server.ts).
 *
 *   npm run bench -- storage [rounds]
 *   TEST_DATABASE_URL=postgres://…/postgres npm run bench -- storage [rounds]
 */
const ADMIN_SECRET = 'bench-storage-admin-secret'
const MB = 1_000_000
/** The default bucket's limit (max_upload_file_size 50000000): the largest file it takes. */
const SIZES = [1 * MB, 50 * MB]

export async function benchStorage(rounds = 5): Promise<string[]> {
  const child = fork(new URL('./storage-server.ts', import.meta.url).pathname, {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: {
      ...process.env,
      BENCH_ADMIN_SECRET: ADMIN_SECRET,
      ...(process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
    },
  })
  process.on('exit', () => child.kill())
  const ask = async <T>(type: string): Promise<T> => {
    child.send({ type })
    return ((await once(child, 'message')) as [T])[0]
  }
  const [ready] = (await once(child, 'message')) as [{ url: string; dataDir: string }]
  const work = mkdtempSync(join(tmpdir(), 'pulseboard-bench-files-'))
  const headers = { 'x-hasura-admin-secret': ADMIN_SECRET }
  const lines = ['| file | upload MB/s | download MB/s | plain copy MB/s | upload / copy | download / copy |', '|---|---|---|---|---|---|']
  let rss = ''
  try {
    for (const size of SIZES) {
      const source = join(work, `source-${size}`)
      writeFileSync(source, Buffer.alloc(size, 7))
      const upload = async (): Promise<string> => {
        const form = new FormData()
        form.append('file[]', await openAsBlob(source, { type: 'application/octet-stream' }), 'bench.bin')
        const response = await fetch(`${ready.url}/v1/storage/files`, { method: 'POST', headers, body: form })
        if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`)
        return ((await response.json()) as { processedFiles: { id: string }[] }).processedFiles[0]!.id
      }
      const download = async (id: string): Promise<void> => {
        const response = await fetch(`${ready.url}/v1/storage/files/${id}`, { headers })
        await pipeline(
          Readable.fromWeb(response.body! as import('node:stream/web').ReadableStream),
          createWriteStream(join(work, 'downloaded')),
        )
      }
      const copy = async (): Promise<void> => {
        await pipeline(createReadStream(source), createWriteStream(join(work, 'copied')))
      }
      if (size === 50 * MB) {
        // Before any other 50 MB transfer, so memory an earlier one left reserved cannot hide growth.
        const idle = (await ask<{ rssBytes: number }>('idle')).rssBytes
        await upload()
        const peak = (await ask<{ rssBytes: number }>('peak')).rssBytes
        rss = `Backend RSS: idle ${(idle / 2 ** 20).toFixed(0)} MiB, peak during a 50 MB upload ${(peak / 2 ** 20).toFixed(0)} MiB (+${((peak - idle) / 2 ** 20).toFixed(1)} MiB; the limit is +64 MiB).`
      }
      const uploads: number[] = []
      const downloads: number[] = []
      const copies: number[] = []
      for (let round = 0; round < rounds; round++) {
        let id = ''
        uploads.push(
          await timed(async () => {
            id = await upload()
          }),
        )
        downloads.push(await timed(() => download(id)))
        copies.push(await timed(copy))
      }
      const [up, down, plain] = [uploads, downloads, copies].map((seconds) => size / MB / median(seconds)) as [number, number, number]
      lines.push(
        `| ${size / MB} MB | ${up.toFixed(0)} | ${down.toFixed(0)} | ${plain.toFixed(0)} | ${(up / plain).toFixed(2)} | ${(down / plain).toFixed(2)} |`,
      )
      if (size === 50 * MB) {
        const idle = (await ask<{ rssBytes: number }>('idle')).rssBytes
        await upload()
        const peak = (await ask<{ rssBytes: number }>('peak')).rssBytes
        rss = `Backend RSS: idle ${(idle / 2 ** 20).toFixed(0)} MiB, peak during a 50 MB upload ${(peak / 2 ** 20).toFixed(0)} MiB (+${((peak - idle) / 2 ** 20).toFixed(1)} MiB; the limit is +64 MiB).`
      }
    }
  } finally {
    child.send({ type: 'stop' })
    await once(child, 'exit')
    rmSync(work, { recursive: true, force: true })
  }
  return [
    ...lines,
    '',
    rss,
    `Medians of ${rounds} rounds; plain copy = createReadStream → createWriteStream of the same file in the same temporary directory.`,
  ]
}

async function timed(task: () => Promise<void>): Promise<number> {
  const started = performance.now()
  await task()
  return (performance.now() - started) / 1000
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}
