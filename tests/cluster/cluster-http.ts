import { ADMIN_SECRET } from './backend-process.ts'

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: any }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  return { status: response.status, json: await response.json().catch(() => null) }
}

/** Whether one instance answers `query` with data when asked as `role` (the admin secret with x-hasura-role). */
export async function answersAs(baseUrl: string, role: string, query: string): Promise<boolean> {
  const { json } = await postJson(`${baseUrl}/v1/graphql`, { query }, { 'x-hasura-admin-secret': ADMIN_SECRET, 'x-hasura-role': role })
  return json?.data !== undefined && json.errors === undefined
}

/**
 * Asks every instance on its own, again and again, until `check` holds for it: the ms from the
 * call until each instance's first yes, measured when that answer arrived. Gives up after `timeoutMs`.
 */
export async function msUntilEach(baseUrls: string[], check: (baseUrl: string) => Promise<boolean>, timeoutMs = 30_000): Promise<number[]> {
  const start = performance.now()
  return Promise.all(
    baseUrls.map(async (baseUrl) => {
      for (;;) {
        if (await check(baseUrl)) return Math.round(performance.now() - start)
        if (performance.now() - start > timeoutMs) throw new Error(`${baseUrl} did not follow within ${timeoutMs} ms`)
        await new Promise((done) => setTimeout(done, 50))
      }
    }),
  )
}
