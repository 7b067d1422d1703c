import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Socket } from 'node:net';
import Context from 'node-media-server/src/core/context.js';
import nmsLogger from 'node-media-server/src/core/logger.js';
import { parseH264Sps } from 'node-media-server/src/protocol/sps_info.js';
import BroadcastServer from 'node-media-server/src/server/broadcast_server.js';
import BaseSession from 'node-media-server/src/session/base_session.js';
import RtmpSession from 'node-media-server/src/session/rtmp_session.js';
import { describe, expect, it } from 'vitest';

// The RTMP ingest drives node-media-server's internal session and broadcast classes, not its public
// API (docs/decisions.md "node-media-server: internal files, pinned"), and
// server/src/media/node-media-server.d.ts declares those internals by hand. This test is the tripwire for
// an upgrade: it fails, naming what moved, when the pinned version or any internal file or member the
// ingest and the fake RTMP receiver use is not there any more, before an ingest test has to find out
// through ffmpeg.
const PINNED = '4.4.3';
const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  dependencies: Record<string, string>;
};

describe('node-media-server internals the RTMP ingest relies on', () => {
  it('is pinned to the exact version the declarations were written for', () => {
    expect(pkg.dependencies['node-media-server']).toBe(PINNED);
    const installed = createRequire(import.meta.url)('node-media-server/package.json') as { version: string };
    expect(installed.version).toBe(PINNED);
  });

  it('the RTMP session has the protocol hooks and methods the ingest wraps', () => {
    const session = new RtmpSession(new Socket());
    try {
      expect(session).toBeInstanceOf(BaseSession);
      for (const name of ['run', 'onPush', 'onPacket', 'onData', 'close', 'sendBuffer'] as const)
        expect(typeof session[name], name).toBe('function');
      expect(typeof session.id).toBe('string');
      expect(session.socket).toBeInstanceOf(Socket);
      expect(session.broadcast).toBeInstanceOf(BroadcastServer);
      session.run();
      // run() installs the session's own handlers; the ingest replaces them afterwards.
      for (const name of [
        'onConnectCallback',
        'onPushCallback',
        'onPlayCallback',
        'onPacketCallback',
      ] as const)
        expect(typeof session.rtmp[name], name).toBe('function');
      // The connect command sets the stream path and registers the broadcast hub the ingest reads.
      session.rtmp.onConnectCallback({ app: 'live', name: 'contract-key', host: 'localhost', query: {} });
      expect([session.streamApp, session.streamName, session.streamPath]).toEqual([
        'live',
        'contract-key',
        '/live/contract-key',
      ]);
      expect(Context.broadcasts.get('/live/contract-key')).toBe(session.broadcast);
      expect(session.broadcast.publisher).toBeNull();
      expect(session.broadcast.subscribers).toBeInstanceOf(Map);
      expect(typeof session.broadcast.postPlay).toBe('function');
      expect(typeof session.broadcast.donePlay).toBe('function');
      // The metadata fields the signal health reads (zero until onMetaData).
      for (const name of ['videoWidth', 'videoHeight', 'videoFramerate', 'audioCodec'] as const)
        expect(typeof session[name], name).toBe('number');
    } finally {
      Context.broadcasts.delete('/live/contract-key');
      session.socket.destroy();
    }
  });

  it('the shared context, the logger and the SPS parser keep their shapes', () => {
    expect(Context.sessions).toBeInstanceOf(Map);
    expect(Context.broadcasts).toBeInstanceOf(Map);
    expect(typeof nmsLogger.log).toBe('function');
    // A 1280×720 H.264 SPS as x264 writes it (NAL header byte included).
    const sps = Buffer.from('67f4001f919b280a00b76022000003000200000300041e30632c', 'hex');
    expect(parseH264Sps(sps)).toMatchObject({ width: 1280, height: 720 });
  });
});
