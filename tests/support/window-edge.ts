/**
 * Waits until the fixed window of `intervalMs` (aligned to the epoch, as SlidingWindow's are)
 * has at least `needMs` left. A test that counts requests against a sliding-window limit must
 * run inside one window: just past a turn the previous window's count weighs a little less than
 * whole (3 requests a second ago count 2.9997 against a limit of 3), and one more fits, as in
 * Hasura's and Nhost's limiters. One CI run crossed the hour this way (18:59:59).
 */
export async function awayFromWindowEdge(intervalMs: number, needMs: number): Promise<void> {
  const left = intervalMs - (Date.now() % intervalMs)
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 10))
}
