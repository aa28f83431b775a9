import { createReadStream, createWriteStream, mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { startS3TestServer } from '../tests/support/s3-test-server.ts'
import { startStorageServer, type StorageServer } from '../tests/support/storage-server.ts'

/**
 * Storage benchmark (issues 10 and 23): upload and download MB/s through /v1/storage for 1 MB
 * and 50 MB files, with the bytes on disk and then in an S3 bucket (s3rver on loopback, in its
 * own process), side by side with a plain stream copy of the same file on the same disk (the
 * floor any upload or download that lands on disk has to pay), and the backend's peak RSS during
 * a 50 MB upload against its idle RSS. The backend runs in its own process
 * (tests/support/storage-server-process.ts).
 *
 *   npm run bench -- storage [rounds]
 *   TEST_DATABASE_URL=postgres://…/postgres npm run bench -- storage [rounds]
 */
const MB = 1_000_000
/** The default bucket's limit (max_upload_file_size 50000000): the largest file it takes. */
const SIZES = [1 * MB, 50 * MB]

export async function benchStorage(rounds = 5): Promise<string[]> {
  const work = mkdtempSync(join(tmpdir(), 'pulseboard-bench-files-'))
  const lines = [
    '| store | file | upload MB/s | download MB/s | plain copy MB/s | upload / copy | download / copy |',
    '|---|---|---|---|---|---|---|',
  ]
  const memory: string[] = []
  try {
    for (const size of SIZES) writeFileSync(join(work, `source-${size}`), Buffer.alloc(size, 7))
    for (const store of ['disk', 's3'] as const) {
      const s3 = store === 's3' ? await startS3TestServer({ rootFolder: 'bench' }) : undefined
      const server = await startStorageServer({ env: s3?.env ?? {}, databaseUrl: process.env.TEST_DATABASE_URL })
      try {
        const measured = await benchOneStore(server, work, rounds)
        lines.push(...measured.rows.map((row) => `| ${store} ${row}`))
        memory.push(`${store}: ${measured.rss}`)
      } finally {
        await server.stop()
        await s3?.stop()
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
  return [
    ...lines,
    '',
    `Backend RSS (idle → peak during a 50 MB upload, before any other 50 MB transfer): ${memory.join('; ')}.`,
    `Medians of ${rounds} rounds; plain copy = createReadStream → createWriteStream of the same file in the same temporary directory.`,
  ]
}

async function benchOneStore(server: StorageServer, work: string, rounds: number): Promise<{ rows: string[]; rss: string }> {
  const headers = { 'x-hasura-admin-secret': server.adminSecret }
  const rows: string[] = []
  let rss = ''
  for (const size of SIZES) {
    const source = join(work, `source-${size}`)
    const upload = async (): Promise<string> => {
      const form = new FormData()
      form.append('file[]', await openAsBlob(source, { type: 'application/octet-stream' }), 'bench.bin')
      const response = await fetch(`${server.url}/v1/storage/files`, { method: 'POST', headers, body: form })
      if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`)
      return ((await response.json()) as { processedFiles: { id: string }[] }).processedFiles[0]!.id
    }
    const download = async (id: string): Promise<void> => {
      const response = await fetch(`${server.url}/v1/storage/files/${id}`, { headers })
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
      const idle = await server.idleRss()
      await upload()
      const peak = await server.peakRss()
      rss = `${mib(idle)} → ${mib(peak)} MiB (+${((peak - idle) / 2 ** 20).toFixed(1)} MiB)`
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
    rows.push(
      `| ${size / MB} MB | ${up.toFixed(0)} | ${down.toFixed(0)} | ${plain.toFixed(0)} | ${(up / plain).toFixed(2)} | ${(down / plain).toFixed(2)} |`,
    )
  }
  return { rows, rss }
}

const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(0)

async function timed(task: () => Promise<void>): Promise<number> {
  const started = performance.now()
  await task()
  return (performance.now() - started) / 1000
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}
