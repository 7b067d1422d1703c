// Every guard of an outside address sees one spelling of its host (docs/security.md "One spelling of a
// host before every address guard"): recording downloads and providers' ingest URLs here, webhooks in
// webhooks.test.ts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadRefused, openDownload } from '../src/integrations/download.ts';
import { ingestUrlAllowed } from '../src/integrations/simulcast.ts';

/** A local server that must never be reached: it counts whoever does. */
let trap: Server;
let port = 0;
let hits = 0;

beforeAll(async () => {
  trap = createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { 'content-type': 'video/mp4' }).end('not a video');
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  port = (trap.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => trap.close(() => resolve()));
});

/** The local spellings of this machine, on the trap's port. */
const LOCAL = () => [
  `https://localhost.:${port}/rec.mp4`,
  `https://LOCALHOST.:${port}/rec.mp4`,
  `https://files.localhost.:${port}/rec.mp4`,
  `https://127.0.0.1.:${port}/rec.mp4`,
  `https://[::1]:${port}/rec.mp4`,
  `https://0x7f.1:${port}/rec.mp4`,
  `https://2130706433:${port}/rec.mp4`,
  `https://[::ffff:127.0.0.1]:${port}/rec.mp4`,
  `https://169.254.169.254./latest/meta-data`,
];

describe('recording downloads (imports)', () => {
  const guard = { devHosts: [] as string[], timeoutMs: 5_000, maxBytes: 1_000_000 };

  it('refuse a local or private address however its host is spelled, and reach nothing', async () => {
    for (const url of LOCAL()) {
      const error = await openDownload(url, {}, guard).then(
        () => null,
        (e: unknown) => e,
      );
      // Refused for good (the import fails visibly), not a network error tried again later.
      expect(error, url).toBeInstanceOf(DownloadRefused);
      expect((error as DownloadRefused).reason, url).toBe('address');
    }
    // No host once its one trailing dot is taken.
    await expect(openDownload(`https://localhost..:${port}/rec.mp4`, {}, guard)).rejects.toBeInstanceOf(
      DownloadRefused,
    );
    expect(hits).toBe(0);
  });

  it('a dev host is matched in its normalised spelling, and only over its own port', async () => {
    const dev = { ...guard, devHosts: [`localhost:${port}`] };
    const download = await openDownload(`http://LOCALHOST.:${port}/rec.mp4`, {}, dev);
    download.stream.resume();
    expect(hits).toBe(1);
    await expect(openDownload(`http://localhost.:${port + 1}/rec.mp4`, {}, dev)).rejects.toBeInstanceOf(
      DownloadRefused,
    );
    expect(hits).toBe(1);
  });
});

describe("providers' ingest URLs (simulcast)", () => {
  it('refuse a local or private address however its host is spelled', async () => {
    for (const host of [
      'localhost.',
      'LOCALHOST.',
      'a.localhost.',
      '127.0.0.1.',
      '[::1]',
      '0x7f.1',
      '10.1.2.3.',
    ])
      expect(await ingestUrlAllowed(`rtmp://${host}:${port}/live/key`, []), host).toBe(false);
    // A dev host in another spelling of the same name is that dev host.
    expect(await ingestUrlAllowed(`rtmp://LOCALHOST.:${port}/live/key`, [`localhost:${port}`])).toBe(true);
  });
});
