import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

/**
 * The publishers' and players' process (bench/whep-peers.ts: RTMP through ffmpeg, WHIP and WHEP through
 * werift) and a request/answer over its IPC channel. It runs apart so that its CPU is not counted as the
 * server's. `onMessage` sees every other message (a guest room's offer, for bench/whep.ts).
 */
export async function forkPeers(onMessage?: (message: Record<string, unknown>, child: ChildProcess) => void) {
  const child: ChildProcess = fork(join(import.meta.dirname, 'whep-peers.ts'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: ['--import', 'tsx'],
  });
  const waiting = new Map<number, (reply: Record<string, unknown>) => void>();
  let next = 1;
  child.on('message', (message: Record<string, unknown>) => {
    if (message.type === 'done') waiting.get(message.id as number)?.(message);
    else onMessage?.(message, child);
  });
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  const ask = (command: object) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      child.send({ ...command, id });
    });
  return { child, ask };
}

/** Debian's Chromium as the WebRTC benches' player: it plays by itself, and reaches peers on loopback by
 * their real address (no mDNS names). */
export function launchPlayerBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--autoplay-policy=no-user-gesture-required',
      '--allow-loopback-in-peer-connection',
      '--disable-features=WebRtcHideLocalIpsWithMdns',
    ],
  });
}
