import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream, mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { downloadToFile, postFileForm, startCeilingServer } from './storage-http.ts'
import { startS3TestServer } from '../tests/support/s3-test-server.ts'
import { startStorageServer, type StorageServer } from '../tests/support/storage-server.ts'

/**
 * Storage benchmark (issues 10, 23 and 25): upload and download MB/s through /v1/storage for
 * 1 MB and 50 MB files, with the bytes on disk and then in an S3 bucket (s3rver on loopback, in
 * its own process), with two clients (fetch, and node:http without Web streams, storage-http.ts),
 * side by side with the same client against a bare node:http server that pipes to and from a file
 * (the ceiling of any transfer over HTTP here) and with a plain stream copy of the same file on
 * the same disk; and the backend's peak RSS during a 100 MB upload and download against its idle
 * RSS. The backend and the ceiling run in their own processes
 * (tests/support/storage-server-process.ts, storage-ceiling-process.ts).
 *
 * First, small uploads (issue 25): a 100 KB avatar uploaded by a signed-in user (role `user`,
 * so the insert permission's check and preset run), latency p50/p90, beside the same multipart
 * request to a bare node:http server that only writes the body to a file (the floor of any
 * upload over HTTP, in the same run). With BENCH_BASELINE_CHECKOUT naming another checkout of
 * the project (`git worktree add /tmp/baseline <commit>`, node_modules linked in), its backend
 * takes the same uploads in turn, on the same database, and the same large files through node:http
 * beside this one's (on each store), so a change is measured against the code before it in one run.
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
    '| store | file | through | upload MB/s | download MB/s | upload / copy | download / copy |',
    '|---|---|---|---|---|---|---|',
  ]
  const memory: string[] = []
  const cpuLines = [
    '| store | file | server (node:http client) | server CPU ms per upload | server CPU ms per download |',
    '|---|---|---|---|---|',
  ]
  try {
    for (const size of SIZES) writeFileSync(join(work, `source-${size}`), Buffer.alloc(size, 7))
    for (const store of ['disk', 's3'] as const) {
      const s3 = store === 's3' ? await startS3TestServer({ rootFolder: 'bench' }) : undefined
      const server = await startStorageServer({ env: s3?.env ?? {}, databaseUrl: process.env.TEST_DATABASE_URL })
      const checkout = process.env.BENCH_BASELINE_CHECKOUT
      const baseline = checkout
        ? await startStorageServer({ env: s3?.env ?? {}, databaseUrl: process.env.TEST_DATABASE_URL, checkout })
        : undefined
      try {
        const measured = await benchOneStore(server, work, rounds, baseline)
        lines.push(...measured.rows.map((row) => `| ${store} ${row}`))
        cpuLines.push(...measured.cpuRows.map((row) => `| ${store} ${row}`))
        memory.push(`${store}: ${measured.rss}`)
      } finally {
        await baseline?.stop()
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
    ...cpuLines,
    '',
    `Backend RSS, idle → peak, during a ${RSS_BYTES / MB} MB upload (node:http client) and its download: ${memory.join('; ')}.`,
    `Medians of ${rounds} rounds after one to warm up; plain copy = createReadStream → createWriteStream of the same file in the same temporary directory; the ceiling is a node:http server in its own process piping the body to a file and a file to the response.`,
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

/**
 * One store's large files: each round uploads and downloads the file through /v1/storage with
 * fetch (+ FormData, the way a browser or nhost-js sends it) and with node:http (no Web streams
 * in the client), then through the bare node:http ceiling, then copies it on disk; alternating
 * in one round so the machine's load weighs on each alike. Then the backend's RSS during a
 * 100 MB upload and during its download.
 */
async function benchOneStore(
  server: StorageServer,
  work: string,
  rounds: number,
  baseline: StorageServer | undefined,
): Promise<{ rows: string[]; cpuRows: string[]; rss: string }> {
  const headers = { 'x-hasura-admin-secret': server.adminSecret }
  const rows: string[] = []
  const cpuRows: string[] = []
  const files = `${server.url}/v1/storage/files`
  const uploadWithFetch = async (source: string): Promise<string> => {
    const form = new FormData()
    form.append('file[]', await openAsBlob(source, { type: 'application/octet-stream' }), 'bench.bin')
    const response = await fetch(files, { method: 'POST', headers, body: form })
    return uploadedId(response.status, await response.text())
  }
  const baselineFiles = baseline && `${baseline.url}/v1/storage/files`
  const uploadWithHttp = async (source: string, to = files): Promise<string> => {
    const answer = await postFileForm(to, source, headers)
    return uploadedId(answer.status, answer.body)
  }
  const downloadWithFetch = async (id: string): Promise<void> => {
    const response = await fetch(`${files}/${id}`, { headers })
    if (response.status !== 200) throw new Error(`download: ${response.status}`)
    await pipeline(
      Readable.fromWeb(response.body! as import('node:stream/web').ReadableStream),
      createWriteStream(join(work, 'downloaded')),
    )
  }
  for (const size of SIZES) {
    const source = join(work, `source-${size}`)
    const ceiling = await startCeilingServer(join(work, 'ceiling-upload'), source)
    const times: Record<
      'fetchUp' | 'fetchDown' | 'httpUp' | 'httpDown' | 'baselineUp' | 'baselineDown' | 'ceilingUp' | 'ceilingDown' | 'copy',
      number[]
    > = {
      fetchUp: [],
      fetchDown: [],
      httpUp: [],
      httpDown: [],
      ceilingUp: [],
      ceilingDown: [],
      baselineUp: [],
      baselineDown: [],
      copy: [],
    }
    const cpu: Record<'httpUp' | 'httpDown' | 'baselineUp' | 'baselineDown' | 'ceilingUp' | 'ceilingDown', number[]> = {
      httpUp: [],
      httpDown: [],
      baselineUp: [],
      baselineDown: [],
      ceilingUp: [],
      ceilingDown: [],
    }
    try {
      // One round to warm up (connections, plans, the page cache), left out of the figures.
      for (let round = 0; round <= rounds; round++) {
        const keep = (name: keyof typeof times, seconds: number) => round > 0 && times[name].push(seconds)
        let id = ''
        keep('fetchUp', await timed(async () => void (id = await uploadWithFetch(source))))
        keep('fetchDown', await timed(() => downloadWithFetch(id)))
        // The server's CPU time per transfer too: the machine's load moves it far less than a wall-clock time.
        const keepWithCpu = async (name: keyof typeof cpu, cpuSeconds: () => number, task: () => Promise<void>) => {
          const before = cpuSeconds()
          keep(name, await timed(task))
          if (round > 0) cpu[name].push(cpuSeconds() - before)
        }
        await keepWithCpu('httpUp', server.cpuSeconds, async () => void (id = await uploadWithHttp(source)))
        await keepWithCpu('httpDown', server.cpuSeconds, () => downloadToFile(`${files}/${id}`, join(work, 'downloaded'), headers))
        if (baseline && baselineFiles) {
          await keepWithCpu('baselineUp', baseline.cpuSeconds, async () => void (id = await uploadWithHttp(source, baselineFiles)))
          await keepWithCpu('baselineDown', baseline.cpuSeconds, () =>
            downloadToFile(`${baselineFiles}/${id}`, join(work, 'downloaded'), headers),
          )
        }
        await keepWithCpu('ceilingUp', ceiling.cpuSeconds, async () => uploadedStatus((await postFileForm(ceiling.url, source, {})).status))
        await keepWithCpu('ceilingDown', ceiling.cpuSeconds, () => downloadToFile(ceiling.url, join(work, 'downloaded'), {}))
        keep('copy', await timed(() => pipeline(createReadStream(source), createWriteStream(join(work, 'copied')))))
      }
    } finally {
      await ceiling.stop()
    }
    const rate = (name: keyof typeof times) => size / MB / median(times[name])
    const copy = rate('copy')
    const row = (client: string, up: number, down: number) =>
      `| ${size / MB} MB | ${client} | ${up.toFixed(0)} | ${down.toFixed(0)} | ${(up / copy).toFixed(2)} | ${(down / copy).toFixed(2)} |`
    rows.push(
      row('/v1/storage, fetch', rate('fetchUp'), rate('fetchDown')),
      row('/v1/storage, node:http', rate('httpUp'), rate('httpDown')),
      ...(baselineFiles
        ? [row(`the same, baseline ${process.env.BENCH_BASELINE_CHECKOUT}`, rate('baselineUp'), rate('baselineDown'))]
        : []),
      row('bare node:http server (ceiling)', rate('ceilingUp'), rate('ceilingDown')),
      row('plain copy', copy, copy),
    )
    const cpuMs = (name: keyof typeof cpu) => (median(cpu[name]) * 1000).toFixed(0)
    const cpuRow = (client: string, up: keyof typeof cpu, down: keyof typeof cpu) =>
      `| ${size / MB} MB | ${client} | ${cpuMs(up)} | ${cpuMs(down)} |`
    cpuRows.push(
      cpuRow('/v1/storage', 'httpUp', 'httpDown'),
      ...(baselineFiles ? [cpuRow(`the same, baseline ${process.env.BENCH_BASELINE_CHECKOUT}`, 'baselineUp', 'baselineDown')] : []),
      cpuRow('bare node:http server (ceiling)', 'ceilingUp', 'ceilingDown'),
    )
  }
  return { rows, cpuRows, rss: await measureRss(server, work, uploadWithHttp, headers) }
}

/** The backend's RSS, idle → peak, during a 100 MB upload and then during its download. */
async function measureRss(
  server: StorageServer,
  work: string,
  upload: (source: string) => Promise<string>,
  headers: Record<string, string>,
): Promise<string> {
  const source = join(work, 'source-rss')
  writeFileSync(source, Buffer.alloc(RSS_BYTES, 7))
  await raiseDefaultBucketLimit(server, RSS_BYTES)
  const during = async (task: () => Promise<unknown>): Promise<string> => {
    const idle = await server.idleRss()
    await task()
    const peak = await server.peakRss()
    return `${mib(idle)} → ${mib(peak)} MiB (+${((peak - idle) / 2 ** 20).toFixed(1)} MiB)`
  }
  let id = ''
  const up = await during(async () => (id = await upload(source)))
  const down = await during(() => downloadToFile(`${server.url}/v1/storage/files/${id}`, join(work, 'downloaded'), headers))
  rmSync(source)
  return `upload ${up}, download ${down}`
}

/** A file larger than the default bucket takes: its limit is raised on this backend alone. */
const RSS_BYTES = 100 * MB

async function raiseDefaultBucketLimit(server: StorageServer, bytes: number): Promise<void> {
  const response = await fetch(`${server.url}/v1/graphql`, {
    method: 'POST',
    headers: { 'x-hasura-admin-secret': server.adminSecret, 'content-type': 'application/json' },
    body: JSON.stringify({
      query: `mutation { updateBucket(pk_columns: {id: "default"}, _set: {maxUploadFileSize: ${bytes}}) { id } }`,
    }),
  })
  const answer = (await response.json()) as { errors?: unknown }
  if (answer.errors) throw new Error(`raising the default bucket's limit: ${JSON.stringify(answer.errors)}`)
}

function uploadedStatus(status: number): void {
  if (status !== 201) throw new Error(`upload to the ceiling server: ${status}`)
}

function uploadedId(status: number, body: string): string {
  if (status !== 201) throw new Error(`upload: ${status} ${body}`)
  return (JSON.parse(body) as { processedFiles: { id: string }[] }).processedFiles[0]!.id
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
