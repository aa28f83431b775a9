/**
 * Sign-in latency of the embedded auth service, in-process on an in-memory PGlite (or on the
 * PostgreSQL of TEST_DATABASE_URL): a right password, a wrong password and an unknown email.
 * The last two must take as long as each other, so that timing does not tell whether an
 * account exists. Run: `npx tsx bench/auth-sign-in.ts [rounds]`.
 */
import { openAuthTestApp } from '../tests/support/auth-test-harness.ts'
import { BCRYPT_COST } from '../backend/auth/passwords.ts'

const rounds = Number(process.argv[2] ?? 30)
const app = await openAuthTestApp()
await app.signUp('bench@example.com', 'correct-horse-9')

const cases = {
  'right password': { email: 'bench@example.com', password: 'correct-horse-9' },
  'wrong password': { email: 'bench@example.com', password: 'wrong-horse-9' },
  'unknown email': { email: 'nobody@example.com', password: 'wrong-horse-9' },
}

const times: Record<string, number[]> = {}
for (let i = 0; i < rounds; i++) {
  // Interleaved, so that machine load drifts across all three alike.
  for (const [name, body] of Object.entries(cases)) {
    const started = performance.now()
    await app.call('POST', '/v1/auth/signin/email-password', { body })
    ;(times[name] ??= []).push(performance.now() - started)
  }
}
await app.close()

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]!
console.log(`bcrypt cost ${BCRYPT_COST}, ${rounds} rounds, ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`)
for (const [name, values] of Object.entries(times)) {
  console.log(`${name.padEnd(15)} median ${quantile(values, 0.5).toFixed(1)} ms   p90 ${quantile(values, 0.9).toFixed(1)} ms`)
}
