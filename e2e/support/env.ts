import { execFileSync } from 'node:child_process';

// Several runs may share this machine (and helpers run specs at once): unless E2E_PORT is set, the
// first Playwright process picks a free port and hands it to its workers through the environment.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}

// The server's RTMP ingest gets a free port of its own the same way (the ingest spec publishes to it).
if (!process.env.E2E_INGEST_PORT) {
  process.env.E2E_INGEST_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}

export const E2E_PORT = Number(process.env.E2E_PORT);
export const E2E_INGEST_PORT = Number(process.env.E2E_INGEST_PORT);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The e2e server's data folder: its mail folder is where password-reset links land. */
export const E2E_DATA_DIR = `.data-test-e2e-${E2E_PORT}`;
export const DEMO_PASSWORD = 'palco123';
export const DEMO = {
  staff: 'staff@palco.test',
  owner: 'owner@palco.test',
  operator: 'operator@palco.test',
  blocked: 'blocked@palco.test',
} as const;

/** Debian's chromium on this machine: no sandbox as root, no GPU, and none of the background
 * connections a closed network refuses (playwright.config.ts uses these for every test). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The same browser with a fake camera and microphone, allowed without a prompt, and WebRTC on
 * loopback (the studio, WHIP publishes, WHEP playback). */
export const FAKE_MEDIA_ARGS = [
  ...CHROMIUM_ARGS,
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
  '--disable-features=WebRtcHideLocalIpsWithMdns',
];

/** Launch options for a spec whose pages use the camera, the microphone or WebRTC. */
export const fakeMediaLaunch = (extra: string[] = []) => ({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [...FAKE_MEDIA_ARGS, ...extra],
});
