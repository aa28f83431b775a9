import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../backend/lib/logger.ts'
import type { OutboxMail } from '../../backend/mail/mail-outbox.ts'
import { startBackend, type RunningBackend } from '../../backend/server/start-backend.ts'
import { createTestDatabaseTarget } from '../support/test-database.ts'

/**
 * The backend serves the app on whatever port it listens on: with this project's nhost.toml
 * (clientUrl http://localhost:1337) on a random port, a password reset may redirect to the
 * backend's own origin, and the mail, read from the outbox, links to that port.
 */

const ADMIN_SECRET = 'own-origin-admin-secret'
const EMAIL = 'ada@example.com'
let backend: RunningBackend
let dataDir: string
let drop: () => Promise<void>
let port: string

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'pulseboard-own-origin-'))
  const database = await createTestDatabaseTarget()
  drop = database.drop
  backend = await startBackend({
    env: { PORT: '0', PULSEBOARD_DATA_DIR: dataDir, HASURA_GRAPHQL_ADMIN_SECRET: ADMIN_SECRET, PULSEBOARD_DEMO: '0' },
    database: database.target,
    log: createLogger('silent'),
  })
  port = new URL(backend.url).port
  expect(port).not.toBe('1337')
  const signUp = await post('/auth/v1/signup/email-password', { email: EMAIL, password: 'correct-horse-9' })
  expect(signUp.status).toBe(200)
})

afterAll(async () => {
  await backend?.stop()
  await drop?.()
  rmSync(dataDir, { recursive: true, force: true })
})

const post = (path: string, body: unknown) =>
  fetch(`${backend.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

/** The password-reset mails, newest first, as a developer reads the outbox. */
async function resetMails(): Promise<OutboxMail[]> {
  const answer = await fetch(`${backend.url}/auth/v1/_dev/outbox?to=${EMAIL}`, { headers: { 'x-hasura-admin-secret': ADMIN_SECRET } })
  const { messages } = (await answer.json()) as { messages: OutboxMail[] }
  return messages.filter((mail) => mail.template === 'password-reset')
}

/** Resets a password and returns its mail: the reset answers before the mail is written. */
async function resetAndReadMail(options?: { redirectTo: string }): Promise<OutboxMail> {
  const before = (await resetMails()).length
  const answer = await post('/auth/v1/user/password/reset', { email: EMAIL, ...(options ? { options } : {}) })
  expect(answer.status).toBe(200)
  for (;;) {
    const mails = await resetMails()
    if (mails.length > before) return mails[0]!
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('a backend on a port other than 1337', () => {
  it('accepts a password reset redirecting to its own origin, under both loopback names', async () => {
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      const mail = await resetAndReadMail({ redirectTo: `${origin}/reset-password` })
      expect(mail.data.redirectTo).toBe(`${origin}/reset-password`)
      const link = new URL(mail.data.link!)
      expect(link.origin).toBe(new URL(backend.url).origin)
      expect(link.searchParams.get('redirectTo')).toBe(`${origin}/reset-password`)
    }
    // Another port of the same host is still somebody else's.
    const elsewhere = await post('/auth/v1/user/password/reset', {
      email: EMAIL,
      options: { redirectTo: `http://localhost:${Number(port) + 1}/` },
    })
    expect(elsewhere.status).toBe(400)
  })

  it('links the mail to its own port when no redirectTo is given', async () => {
    const mail = await resetAndReadMail()
    expect(mail.data.redirectTo).toBe(`http://localhost:${port}`)
    expect(mail.data.clientUrl).toBe(`http://localhost:${port}`)
    expect(mail.html).toContain(`localhost%3A${port}`)
  })
})
