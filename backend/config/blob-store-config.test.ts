import { describe, expect, it } from 'vitest'
import { readBlobStoreConfig } from './blob-store-config.ts'

describe('readBlobStoreConfig', () => {
  it('keeps files on disk unless S3_BUCKET is set', () => {
    expect(readBlobStoreConfig({})).toEqual({ kind: 'disk' })
    expect(readBlobStoreConfig({ S3_BUCKET: '' })).toEqual({ kind: 'disk' })
  })

  it("reads hasura-storage's variables: a custom endpoint is addressed path-style", () => {
    expect(
      readBlobStoreConfig({
        S3_BUCKET: 'files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY: 'key',
        S3_SECRET_KEY: 'secret',
        S3_REGION: 'eu-central-1',
        S3_ROOT_FOLDER: '/project/',
      }),
    ).toEqual({
      kind: 's3',
      bucket: 'files',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      region: 'eu-central-1',
      rootFolder: 'project',
      forcePathStyle: true,
    })
  })

  it('uses AWS S3 itself, virtual-hosted, with the default credential chain when only the bucket is set', () => {
    expect(readBlobStoreConfig({ S3_BUCKET: 'files' })).toEqual({
      kind: 's3',
      bucket: 'files',
      region: 'us-east-1',
      rootFolder: '',
      forcePathStyle: false,
    })
  })

  it('gives an endpoint without a scheme https, or http under S3_DISABLE_HTTPS', () => {
    expect(readBlobStoreConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toMatchObject({ endpoint: 'https://minio:9000' })
    expect(readBlobStoreConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000', S3_DISABLE_HTTPS: 'true' })).toMatchObject({
      endpoint: 'http://minio:9000',
    })
  })

  it.each([
    [{ S3_ENDPOINT: 'http://minio:9000' }, /S3_ENDPOINT: has no effect without S3_BUCKET/],
    [{ S3_BUCKET: 'b', S3_ACCESS_KEY: 'key' }, /S3_SECRET_KEY: S3_ACCESS_KEY and S3_SECRET_KEY go together/],
    [
      { S3_BUCKET: 'b', S3_ENDPOINT: 'https://minio:9000', S3_DISABLE_HTTPS: 'true' },
      /S3_DISABLE_HTTPS: is true but S3_ENDPOINT says https/,
    ],
    [{ S3_BUCKET: 'b', S3_DISABLE_HTTPS: 'true' }, /S3_DISABLE_HTTPS: needs S3_ENDPOINT/],
    [{ S3_BUCKET: 'b', S3_DISABLE_HTTPS: 'yes' }, /S3_DISABLE_HTTPS: must be true or false/],
    [{ S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://minio' }, /S3_ENDPOINT: must be an http/],
  ])('refuses %j', (env, message) => {
    expect(() => readBlobStoreConfig(env)).toThrow(message)
  })
})
