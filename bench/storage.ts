import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream, mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
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
 * First, small uploads (issue 25): a 100 KB avatar uploaded by a signed-in user (role `user`,
 * so the insert permission's check and preset run), latency p50/p90, beside the same multipart
 * request to a bare node:http server that only writes the body to a file (the floor of any
 * upload over HTTP, in the same run). With BENCH_BASELINE_CHECKOUT naming another checkout of
 * the project (`git worktree add /tmp/baseline <commit>`, node_modules linked in), its backend
 * takes the same uploads in turn, on the same database, so a change is measured against the code
 * before it in one run.
 *
 *   npm run bench -- storage [rounds] [avatars]     (rounds 0: the small uploads alone)
 *   TEST_DATABASE_URL=postgres://…/postgres npm run bench -- storage [rounds] [avatars]
 */
const MB = 1_000_000
/** The default bucket's limit (max_upload_file_size 50000000): the largest file it takes. */
const SIZES = [1 * MB, 50 * MB]

export async function benchStorage(rounds = 5, avatars = 200): Promise<string[]> {
  const work = mkdtempSync(join(tmpdir(), 'pulseboard-bench-files-'))
  const small = await benchSmallUploads(work, avatars)
  // `storage 0 …`: the small uploads alone.
  if (rounds === 0) {
    rmSync(work, { recursive: true, force: true })
    return [...small, '', loadLine()]
  }
  const lines = [
    ...small,
    '',
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
    loadLine(),
  ]
}

function loadLine(): string {
  return `Load average at the end: ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' / ')} (1 / 5 / 15 min).`
}

const AVATAR_BYTES = 100_000
/** Warm-up requests left out of the figures (plans, prepared statements, connections). */
const WARM_UP = 20

/** A PNG's signature, so the upload sniffs as image/png as the avatars bucket's rule requires, then filler. */
function avatarBytes(): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(new ArrayBuffer(AVATAR_BYTES)).fill(7)
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return bytes
}

async function benchSmallUploads(work: string, count: number): Promise<string[]> {
  const server = await startStorageServer({ databaseUrl: process.env.TEST_DATABASE_URL })
  const baselineCheckout = process.env.BENCH_BASELINE_CHECKOUT
  const baseline = baselineCheckout
    ? await startStorageServer({ databaseUrl: process.env.TEST_DATABASE_URL, checkout: baselineCheckout })
    : undefined
  const floor = await startFloorServer(join(work, 'floor-upload'))
  try {
    const userId = await createUser(server)
    // On PGlite each backend has its own database: the baseline's needs the user too.
    const baselineUser = baseline && (process.env.TEST_DATABASE_URL ? userId : await createUser(baseline, userId))
    // A signed-in user as the engine sees one: role `user` with its id (the admin secret names them).
    const headers = { 'x-hasura-admin-secret': server.adminSecret, 'x-hasura-role': 'user' }
    const bytes = avatarBytes()
    const post = async (url: string, expected: number, user = userId): Promise<void> => {
      const form = new FormData()
      form.append('bucket-id', 'avatars')
      form.append('file[]', new Blob([bytes], { type: 'image/png' }), 'avatar.png')
      const response = await fetch(url, { method: 'POST', headers: { ...headers, 'x-hasura-user-id': user }, body: form })
      const text = await response.text()
      if (response.status !== expected) throw new Error(`upload: ${response.status} ${text}`)
    }
    const upload: number[] = []
    const before: number[] = []
    const plain: number[] = []
    // In turn, so that the machine's load weighs on each alike.
    for (let i = 0; i < WARM_UP + count; i++) {
      const a = await timed(() => post(`${server.url}/v1/storage/files`, 201))
      const b = baseline && (await timed(() => post(`${baseline.url}/v1/storage/files`, 201, baselineUser)))
      const c = await timed(() => post(floor.url, 201))
      if (i >= WARM_UP) {
        upload.push(a * 1000)
        if (b !== undefined) before.push(b * 1000)
        plain.push(c * 1000)
      }
    }
    const row = (name: string, times: number[]) =>
      `| ${name} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.9).toFixed(1)} | ${(percentile(times, 0.5) / percentile(plain, 0.5)).toFixed(2)} |`
    return [
      `| request (${AVATAR_BYTES / 1000} KB PNG, role user) | p50 ms | p90 ms | p50 / bare server's |`,
      '|---|---|---|---|',
      row('POST /v1/storage/files, bucket avatars', upload),
      ...(baseline ? [row(`the same, baseline checkout ${baselineCheckout}`, before)] : []),
      row('same form to a bare node:http server writing it to a file', plain),
      '',
      ...(baseline ? [`This checkout's p50 / the baseline's: ${(percentile(upload, 0.5) / percentile(before, 0.5)).toFixed(2)}.`, ''] : []),
      `${count} uploads each, in turn, after ${WARM_UP} of each to warm up; the client is this process (fetch + FormData).`,
    ]
  } finally {
    await floor.stop()
    await baseline?.stop()
    await server.stop()
  }
}

/** A user for the avatars to belong to (storage.files.uploaded_by_user_id refers to auth.users). */
async function createUser(server: StorageServer, id: string = randomUUID()): Promise<string> {
  const response = await fetch(`${server.url}/v1/graphql`, {
    method: 'POST',
    headers: { 'x-hasura-admin-secret': server.adminSecret, 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation ($u: users_insert_input!) { insertUser(object: $u) { id } }',
      variables: { u: { id, email: `bench-${id}@example.com`, locale: 'en', defaultRole: 'user', displayName: 'bench' } },
    }),
  })
  const answer = (await response.json()) as { errors?: unknown }
  if (answer.errors) throw new Error(`creating the bench user: ${JSON.stringify(answer.errors)}`)
  return id
}

/** The floor: a node:http server that streams each request body into one file and answers 201. */
async function startFloorServer(path: string): Promise<{ url: string; stop(): Promise<void> }> {
  const server = createServer((request, response) => {
    pipeline(request, createWriteStream(path)).then(
      () => response.writeHead(201, { 'content-type': 'application/json' }).end('{}'),
      (error: Error) => response.writeHead(500).end(error.message),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address() as import('node:net').AddressInfo
  return {
    url: `http://127.0.0.1:${address.port}/`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!
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
