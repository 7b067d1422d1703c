/**
 * Starts the local providers for a Palco server under test and prints, as one JSON line, their URLs
 * and the environment to give that server (docs/integrations.md "Testing"):
 *
 *   node --import tsx server/test/fakes/start.ts --public-url http://127.0.0.1:8080
 *
 * `--public-url` is the Palco server's PUBLIC_URL (the redirect URIs registered at the fakes derive
 * from it). Runs until killed (SIGTERM/SIGINT).
 */

import { startFakeGoogle } from './google.ts';
import { makeRecording } from './media.ts';
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
const hosts = [zoom.url, google.url].map((url) => new URL(url).host);
process.stdout.write(
  `${JSON.stringify({
    zoom: { url: zoom.url, control: `${zoom.url}/_control`, webhookUrl: `${publicUrl}/bff/zoom/webhook` },
    google: { url: google.url, control: `${google.url}/_control` },
    env: { ...zoom.env, ...google.env, INTEGRATIONS_DEV_HOSTS: hosts.join(',') },
  })}\n`,
);
const stop = async () => {
  await zoom.close();
  await google.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
