import { ConfigError } from './config-error.ts'

/** Where file bytes live: the data folder (the default) or an S3-compatible bucket shared by every instance. */
export type BlobStoreConfig = { kind: 'disk' } | S3Config

export interface S3Config {
  kind: 's3'
  bucket: string
  region: string
  /** A custom endpoint (MinIO, R2, a test server) with its scheme; unset: AWS S3 itself. */
  endpoint?: string
  /** Static credentials; unset: the AWS SDK's default chain (AWS_* variables, instance role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string }
  /** Key prefix of every object, without slashes at its ends ('' for the bucket's root). */
  rootFolder: string
  /** `bucket/key` URLs instead of `bucket.host/key`: what custom endpoints need. */
  forcePathStyle: boolean
}

const S3_VARIABLES = ['S3_ENDPOINT', 'S3_ACCESS_KEY', 'S3_SECRET_KEY', 'S3_REGION', 'S3_ROOT_FOLDER', 'S3_DISABLE_HTTPS'] as const

/**
 * The variables hasura-storage reads (cmd/serve.go): `S3_BUCKET` turns the S3 store on. As
 * there, a custom `S3_ENDPOINT` is addressed path-style; an endpoint without a scheme is
 * `https://` unless `S3_DISABLE_HTTPS` is true. `S3_REGION` defaults to `us-east-1`, which
 * MinIO and other S3-compatible servers accept.
 */
export function readBlobStoreConfig(env: NodeJS.ProcessEnv): BlobStoreConfig {
  const bucket = setting(env, 'S3_BUCKET')
  if (bucket === undefined) {
    const stray = S3_VARIABLES.find((name) => setting(env, name) !== undefined)
    if (stray) throw new ConfigError(stray, 'has no effect without S3_BUCKET, the bucket that holds the files')
    return { kind: 'disk' }
  }
  const disableHttps = flag(env, 'S3_DISABLE_HTTPS')
  const endpointText = setting(env, 'S3_ENDPOINT')
  let endpoint: string | undefined
  if (endpointText !== undefined) {
    const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(endpointText)
    endpoint = hasScheme ? endpointText : `${disableHttps ? 'http' : 'https'}://${endpointText}`
    let url: URL
    try {
      url = new URL(endpoint)
    } catch {
      throw new ConfigError('S3_ENDPOINT', `must be a URL such as https://s3.example.com, got ${JSON.stringify(endpointText)}`)
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError('S3_ENDPOINT', 'must be an http:// or https:// URL')
    if (disableHttps && url.protocol === 'https:') throw new ConfigError('S3_DISABLE_HTTPS', 'is true but S3_ENDPOINT says https://')
  } else if (disableHttps) {
    throw new ConfigError('S3_DISABLE_HTTPS', 'needs S3_ENDPOINT: AWS S3 itself is reached over HTTPS')
  }
  const accessKeyId = setting(env, 'S3_ACCESS_KEY')
  const secretAccessKey = setting(env, 'S3_SECRET_KEY')
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new ConfigError(accessKeyId === undefined ? 'S3_ACCESS_KEY' : 'S3_SECRET_KEY', 'S3_ACCESS_KEY and S3_SECRET_KEY go together')
  }
  return {
    kind: 's3',
    bucket,
    region: setting(env, 'S3_REGION') ?? 'us-east-1',
    ...(endpoint === undefined ? {} : { endpoint }),
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
    rootFolder: (setting(env, 'S3_ROOT_FOLDER') ?? '').replace(/^\/+|\/+$/g, ''),
    forcePathStyle: endpoint !== undefined,
  }
}

/** A set variable; an empty one counts as unset, as hasura-storage's flags treat it. */
function setting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim()
  return value === undefined || value === '' ? undefined : value
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const text = setting(env, name)?.toLowerCase()
  if (text === undefined || text === 'false' || text === '0') return false
  if (text === 'true' || text === '1') return true
  throw new ConfigError(name, `must be true or false, got ${JSON.stringify(env[name])}`)
}
