/**
 * `npm run metadata:export`: writes the metadata of the running backend (changed through the
 * console or `/v1/metadata`) into `nhost/metadata`, as `hasura metadata export` does, so that it
 * can be committed and deployed. `PULSEBOARD_URL` names another backend than the local one.
 */
import { join } from 'node:path'
import { ConfigError } from '../config/config-error.ts'
import { loadConfig } from '../config/load-config.ts'
import { metadataDirectoryFiles, writeMetadataDirectory } from '../metadata/model/metadata-directory-files.ts'

try {
  const config = loadConfig()
  const url = process.env.PULSEBOARD_URL ?? `http://127.0.0.1:${config.port}`
  const response = await fetch(`${url}/v1/metadata`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': config.adminSecret },
    body: JSON.stringify({ type: 'export_metadata', args: {} }),
  })
  const body = (await response.json()) as Record<string, unknown>
  if (!response.ok) throw new Error(`export_metadata failed with HTTP ${response.status}: ${JSON.stringify(body)}`)
  const dir = join(config.projectDir, 'nhost', 'metadata')
  await writeMetadataDirectory(dir, metadataDirectoryFiles(body))
  console.log(`Metadata of ${url} written to ${dir}`)
} catch (error) {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : String(error))
  process.exit(1)
}
