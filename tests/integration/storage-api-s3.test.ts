import { storeBlobsIn } from '../support/storage-test-backend.ts'

/**
 * Nhost Storage's contract (storage-api.test.ts, every test of it) with the bytes in an S3 bucket
 * served by s3rver in a child process: uploads, downloads, ranges, conditionals, image
 * transformation, presigned URLs, replace, delete and the ops endpoints.
 */
storeBlobsIn('s3')
await import('./storage-api.test.ts')
