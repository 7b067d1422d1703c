/**
 * Starts the local providers for a Palco server under test and prints, as one JSON line, their URLs
 * and the environment to give that server (docs/integrations.md "Testing"):
 *
 *   node --import tsx server/test/fakes/start.ts --public-url http://127.0.0.1:8080
 *
 * `--public-url` is the Palco server's PUBLIC_URL (the redirect URIs registered at the fakes derive
 * from it). Runs until killed (SIGTERM/SIGINT).
 */

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeFacebook } from './facebook.ts';
import { startFakeGoogle } from './google.ts';
import { makeRecording } from './media.ts';
import { RtmpReceiver } from './rtmp-receiver.ts';
import { FakeTencentVod } from './tencent-vod.ts';
import { FakeYoutube } from './youtube.ts';
import { startFakeZoom } from './zoom.ts';

function arg(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const publicUrl = (arg('--public-url') ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const mp4Path = await makeRecording();
const zoom = await startFakeZoom({ redirectUris: [`${publicUrl}/bff/zoom/oauth/callback`], mp4Path });
const google = await startFakeGoogle({
  redirectUris: [
    `${publicUrl}/bff/google-meet/oauth/callback`,
    `${publicUrl}/bff/palco-youtube/oauth/callback`,
  ],
  mp4Path,
});
// Tencent VOD (a key pair the e2e types on the card), YouTube and Facebook pushing to a local RTMP
// receiver whose FLV files land in `rtmp.dir` (ffprobe them).
const tencent = new FakeTencentVod(mp4Path);
const tencentKeys = { secretId: 'AKIDpalcoE2e0123456789', secretKey: 'e2e-tencent-secret-key-0123' };
tencent.keys.set(tencentKeys.secretId, tencentKeys.secretKey);
tencent.addMedia('Aula gravada na Tencent');
await tencent.listen();
const rtmpDir = await mkdtemp(join(tmpdir(), 'palco-rtmp-receiver-'));
let youtube: FakeYoutube;
let facebook: FakeFacebook;
const receiver = new RtmpReceiver({
  dir: rtmpDir,
  accept: (app, key) =>
    (app === 'live2' && [...youtube.streams.values()].some((st) => st.streamName === key)) ||
    (app === 'rtmp' && [...facebook.liveVideos.values()].some((v) => v.key === key)),
});
await receiver.listen();
youtube = new FakeYoutube(receiver, (token) =>
  google.oauth.userOf(`Bearer ${token}`) ? ['https://www.googleapis.com/auth/youtube'] : null,
);
facebook = new FakeFacebook(receiver);
await youtube.listen();
await facebook.listen();
const hosts = [zoom.url, google.url, tencent.url, `http://127.0.0.1:${receiver.port}`].map(
  (url) => new URL(url).host,
);
process.stdout.write(
  `${JSON.stringify({
    zoom: { url: zoom.url, control: `${zoom.url}/_control`, webhookUrl: `${publicUrl}/bff/zoom/webhook` },
    google: { url: google.url, control: `${google.url}/_control` },
    tencent: { url: tencent.url, ...tencentKeys },
    youtube: { url: youtube.url },
    facebook: { url: facebook.url },
    rtmp: { url: `rtmp://127.0.0.1:${receiver.port}`, dir: rtmpDir },
    env: {
      ...zoom.env,
      ...google.env,
      TENCENT_VOD_API_URL: tencent.url,
      YOUTUBE_API_URL: youtube.url,
      FACEBOOK_APP_ID: facebook.appId,
      FACEBOOK_APP_SECRET: facebook.appSecret,
      FACEBOOK_DIALOG_URL: facebook.dialogUrl,
      FACEBOOK_GRAPH_URL: facebook.graphUrl,
      INTEGRATIONS_DEV_HOSTS: hosts.join(','),
    },
  })}\n`,
);
const stop = async () => {
  await zoom.close();
  await google.close();
  await Promise.all([tencent.close(), youtube.close(), facebook.close(), receiver.close()]);
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
