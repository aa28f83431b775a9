import { fork } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** s3rver's fixed credentials: it checks every request's signature against them. */
const ACCESS_KEY = 'S3RVER'
const SECRET_KEY = 'S3RVER'

export interface S3TestServer {
  endpoint: string
  bucket: string
  /** The variables that point the backend at this server (hasura-storage's names). */
  env: Record<string, string>
  stop(): Promise<void>
}

/**
 * A real S3-protocol server on a loopback port, in a child process (s3-server-process.mjs), with
 * one empty bucket; `rootFolder` goes into `env` as `S3_ROOT_FOLDER`.
 */
export async function startS3TestServer(options: { rootFolder?: string } = {}): Promise<S3TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'pulseboard-s3-'))
  const bucket = 'pulseboard-test'
  const child = fork(new URL('./s3-server-process.mjs', import.meta.url).pathname, {
    env: { ...process.env, S3_TEST_DIR: dir, S3_TEST_BUCKET: bucket },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const exited = once(child, 'exit')
  const [message] = (await Promise.race([
    once(child, 'message'),
    exited.then(([code]) => {
      throw new Error(`the S3 test server exited with ${code} before listening`)
    }),
  ])) as [{ port: number }]
  const endpoint = `http://127.0.0.1:${message.port}`
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY: ACCESS_KEY,
      S3_SECRET_KEY: SECRET_KEY,
      S3_REGION: 'us-east-1',
      ...(options.rootFolder ? { S3_ROOT_FOLDER: options.rootFolder } : {}),
    },
    async stop() {
      child.disconnect()
      await exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
