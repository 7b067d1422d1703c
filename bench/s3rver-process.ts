// s3rver (server/test/s3-server.ts) in a process of its own, for bench/uploads.ts: an S3 service is
// never in the upload client's process, and s3rver hashing and writing every object would otherwise
// compete with the bench's own HTTP client for one event loop. Prints one JSON line
// `{"endpoint":…,"bucket":…}` once it listens; closes (and removes its folder) on SIGTERM or when stdin ends.
// Run alone: `node --import tsx bench/s3rver-process.ts [bucket]`.
import { startS3 } from '../server/test/s3-server.ts';

const s3 = await startS3(process.argv[2] ?? 'palco-bench');
process.stdout.write(`${JSON.stringify({ endpoint: s3.endpoint, bucket: s3.bucket })}\n`);
let closing = false;
const stop = () => {
  if (closing) return;
  closing = true;
  s3.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.resume();
