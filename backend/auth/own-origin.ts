/** The port `npm start` listens on unless PORT says otherwise (load-config.ts). */
const DEFAULT_PORT = '1337'
const LOOPBACK_NAMES = ['localhost', '127.0.0.1']

/**
 * The origins this backend answers on, from the URL it listens on (the real port, which PORT=0
 * picks at start): it serves the web app itself, so they are always allowed redirects. The
 * loopback host is reachable under both names.
 */
export function ownOrigins(listeningUrl: string): string[] {
  const { hostname, port } = new URL(listeningUrl)
  const names = LOOPBACK_NAMES.includes(hostname) ? LOOPBACK_NAMES : [hostname]
  return names.map((name) => `http://${name}:${port}`)
}

/**
 * nhost.toml's client URL, except that the local default (the app on this backend at the default
 * port, `http://localhost:1337`) follows the port the backend really listens on: mails then link
 * to it. Any other client URL is the operator's choice and kept.
 */
export function effectiveClientUrl(configured: string, listeningUrl: string | undefined): string {
  if (listeningUrl === undefined) return configured
  const { port } = new URL(listeningUrl)
  const local = new RegExp(`^(http://(?:${LOOPBACK_NAMES.join('|').replace(/\./g, '\\.')})):${DEFAULT_PORT}(?=/|$)`)
  return configured.replace(local, `$1:${port}`)
}
