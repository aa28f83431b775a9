import { serveCeiling } from './storage-http.ts'

/** The storage benchmark's ceiling server in its own process: argv upload path, download path. */
const [uploadPath, downloadPath] = process.argv.slice(2) as [string, string]
process.send!({ url: await serveCeiling(uploadPath, downloadPath) })
