// An S3-protocol server (@20minutes/s3rver, a maintained s3rver) for tests and benchmarks, in
// a process of its own so that its memory and CPU are not counted as the backend's. Serves the
// bucket S3_TEST_BUCKET from the folder S3_TEST_DIR on a free loopback port, tells the parent
// that port over IPC and stops when the parent disconnects.
import S3rver from '@20minutes/s3rver'

const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  // s3rver computes the canonical query of a signed request differently from S3 when a value
  // holds '/' (`prefix=root/`): it would refuse the SDK's correct signatures of listings.
  allowMismatchedSignatures: true,
  directory: process.env.S3_TEST_DIR,
  configureBuckets: [{ name: process.env.S3_TEST_BUCKET }],
})
const { port } = await server.run()
process.send({ port })
process.on('disconnect', () => {
  void server.close().finally(() => process.exit(0))
})
