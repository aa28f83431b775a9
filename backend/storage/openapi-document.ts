import { readFileSync } from 'node:fs'

/**
 * The storage API's OpenAPI document (openapi.yaml beside this file), read once and served as it
 * is at `/openapi.yaml`, as hosted Nhost Storage serves its own.
 */
export const STORAGE_OPENAPI_YAML = readFileSync(new URL('./openapi.yaml', import.meta.url), 'utf8')
