// s3rver (npm): a third-party S3-compatible server on loopback, files in a temporary folder. The
// storage tests run against it besides the project's own S3 test server (./s3.ts), so the client
// is checked against an implementation of S3 that this project did not write. Its credentials are
// fixed: S3RVER / S3RVER.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

export type RealS3 = {
  url: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  region: string
  close(): Promise<void>
}

export async function startS3rver(bucket = 'vitrine-s3rver'): Promise<RealS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'vitrine-s3rver-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
    close: async () => {
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
