import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** One mail as the outbox keeps it: what an SMTP server would have been given, plus the template data. */
export interface OutboxMail {
  id: string
  createdAt: string
  to: string
  subject: string
  html: string
  template: string
  locale: string
  /** The values the template was rendered with (`link`, `ticket`, `redirectTo`, …). */
  data: Record<string, string>
}

/** Mails listed at most per request, newest first. */
const MAX_LISTED = 200

/**
 * The embedded backend sends no mail: each message is written as one JSON file under
 * `<dataDir>/mail/`, where developers and tests read it (and follow its links) instead of an
 * inbox. File names sort by creation time.
 */
export class MailOutbox {
  private sequence = 0

  constructor(readonly dir: string) {}

  async send(mail: Omit<OutboxMail, 'id' | 'createdAt'>): Promise<OutboxMail> {
    const stored: OutboxMail = { id: randomUUID(), createdAt: new Date().toISOString(), ...mail }
    await mkdir(this.dir, { recursive: true })
    const stamp = stored.createdAt.replace(/[:.]/g, '-')
    // The sequence keeps mails of one millisecond in the order they were sent.
    const sequence = String(++this.sequence).padStart(8, '0')
    await writeFile(join(this.dir, `${stamp}-${sequence}-${stored.id}.json`), `${JSON.stringify(stored, null, 2)}\n`, { flag: 'wx' })
    return stored
  }

  /** Newest first, optionally only the mails sent to one address (compared case-insensitively). */
  async list(filter: { to?: string } = {}): Promise<OutboxMail[]> {
    let names: string[]
    try {
      names = (await readdir(this.dir)).filter((name) => name.endsWith('.json'))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw error
    }
    const mails: OutboxMail[] = []
    for (const name of names.sort().reverse()) {
      const mail = JSON.parse(await readFile(join(this.dir, name), 'utf8')) as OutboxMail
      if (filter.to !== undefined && mail.to.toLowerCase() !== filter.to.toLowerCase()) continue
      mails.push(mail)
      if (mails.length === MAX_LISTED) break
    }
    return mails
  }
}
