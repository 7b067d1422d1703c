/// <reference path="./s3rver.d.ts" />
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { StorageConfig } from '../src/config.ts';

/** The access key s3rver accepts (its default account): what the AWS SDK reads from the environment. */
export const S3RVER_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The storage configuration of the bucket (server delivery). */
  storage: StorageConfig;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, from the registry) on a random loopback port with its files in a
 * temporary folder, and one bucket. The AWS SDK finds s3rver's credentials in the environment.
 */
export async function startS3(bucket = 'palco-media'): Promise<TestS3> {
  Object.assign(process.env, S3RVER_CREDENTIALS);
  const directory = await mkdtemp(join(tmpdir(), 'palco-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    storage: {
      kind: 's3',
      bucket,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      delivery: 'server',
      cdnUrl: undefined,
      presignedSeconds: 300,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
