// A scripted WHIP publisher (docs/studio.md "Test clients"): a test pattern and a tone, encoded by
// ffmpeg and sent over WebRTC (werift) to a WHIP endpoint, until the time is up or Ctrl-C.
//
//   node --import tsx scripts/whip-publish.ts <whip url> <signal key> [seconds] [--vp8] [--size=WxH] [--rate=N]
//
// Exits 0 after a clean publish (DELETE sent at the end), 1 when the server refused the offer (its
// answer is printed) or the connection failed.
import { whipPublish } from '../server/test/helpers/whip-client.ts';

const args = process.argv.slice(2);
const flags = new Map(
  args.filter((a) => a.startsWith('--')).map((a) => [a.slice(2).split('=')[0], a.split('=')[1] ?? 'true']),
);
const [url, key, secondsText] = args.filter((a) => !a.startsWith('--'));
if (!url || !key) {
  console.error('usage: whip-publish.ts <whip url> <signal key> [seconds] [--vp8] [--size=WxH] [--rate=N]');
  process.exit(2);
}
const seconds = Number(secondsText ?? 30);

const publisher = await whipPublish(url, key, {
  video: flags.has('vp8') ? 'vp8' : 'h264',
  ...(flags.has('size') ? { size: flags.get('size') } : {}),
  ...(flags.has('rate') ? { rate: Number(flags.get('rate')) } : {}),
});
if (publisher.status !== 201) {
  console.error(`refused: ${publisher.status} ${publisher.body}`);
  await publisher.stop();
  process.exit(1);
}
console.log(`publishing: ${publisher.location}`);
try {
  await publisher.connected;
} catch (error) {
  console.error(`connection failed: ${String(error)}`);
  await publisher.stop(true);
  process.exit(1);
}
console.log('connected');
const stop = async () => {
  await publisher.stop(true);
  console.log('ended');
  process.exit(0);
};
process.once('SIGINT', () => void stop());
setTimeout(() => void stop(), seconds * 1000);
