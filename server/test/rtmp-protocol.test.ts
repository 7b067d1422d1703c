import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Amf0Error, decodeAmf0, encodeAmf0 } from '../src/media/rtmp/amf0.ts';
import { ChunkReader, encodeMessage, type RtmpMessage, RtmpProtocolError } from '../src/media/rtmp/chunks.ts';
import { type PublishRequest, RtmpConnection } from '../src/media/rtmp/connection.ts';
import { classify, FlvFeed, type MediaPacket } from '../src/media/rtmp/flv.ts';
import { h264SpsSize } from '../src/media/rtmp/h264.ts';
import { serverHandshake } from '../src/media/rtmp/handshake.ts';
import { plainC1, RtmpTestClient } from './fakes/rtmp-client.ts';
import { publishTestSignal } from './rtmp-encoder.ts';

// The server's own RTMP code (server/src/media/rtmp/, docs/decisions.md "RTMP ingest: the protocol in
// the server's own code"): its parsers against hand-built input, including what a hostile client
// sends, and a real ffmpeg publishing through it.

describe('AMF0', () => {
  it('reads back what it writes, and reads an ECMA array as an object', () => {
    const values = [
      'connect',
      1,
      {
        app: 'live',
        tcUrl: 'rtmp://h/live',
        fpad: false,
        capabilities: 15,
        nested: { list: [1, 'a', null] },
      },
      null,
      undefined,
      new Date(1_700_000_000_000),
    ];
    expect(decodeAmf0(encodeAmf0(...values))).toEqual(values);
    // onMetaData as encoders write it: an ECMA array (0x08, a count, then properties).
    const ecma = Buffer.concat([
      encodeAmf0('onMetaData'),
      Buffer.from([0x08, 0, 0, 0, 1, 0, 5]),
      Buffer.from('width'),
      encodeAmf0(1280),
      Buffer.from([0, 0, 9]),
    ]);
    expect(decodeAmf0(ecma)).toEqual(['onMetaData', { width: 1280 }]);
  });

  it('refuses truncated, unknown, too deep and lying input; a "__proto__" key is only a key', () => {
    const connect = encodeAmf0('connect', 1, { app: 'live' });
    for (let cut = 1; cut < connect.length; cut++) {
      if (cut === 10 || cut === 19) continue; // whole values end there: a shorter body is valid
      expect(() => decodeAmf0(connect.subarray(0, cut)), `cut at ${cut}`).toThrow(Amf0Error);
    }
    expect(() => decodeAmf0(Buffer.from([0x11, 0x02]))).toThrow(Amf0Error); // AMF3 switch
    expect(() => decodeAmf0(Buffer.from([0x07, 0, 1]))).toThrow(Amf0Error); // reference
    let deep: Parameters<typeof encodeAmf0>[0] = 1;
    for (let i = 0; i < 40; i++) deep = { a: deep };
    expect(() => decodeAmf0(encodeAmf0(deep))).toThrow(/deep/);
    // A strict array of a billion elements in six bytes is refused at once.
    expect(() => decodeAmf0(Buffer.from([0x0a, 0x3b, 0x9a, 0xca, 0x00, 0x05]))).toThrow(Amf0Error);
    const proto = Buffer.concat([
      Buffer.from([0x03, 0, 9]),
      Buffer.from('__proto__'),
      encodeAmf0({ polluted: true }),
      Buffer.from([0, 0, 9]),
    ]);
    const [object] = decodeAmf0(proto) as [Record<string, unknown>];
    expect(Object.keys(object)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

/** A chunk header by hand: type `fmt` on chunk stream `cs` (2–63) with the given fields. */
function header(
  fmt: number,
  cs: number,
  fields: { ts?: number; length?: number; type?: number; stream?: number },
): Buffer {
  const extended = (fields.ts ?? 0) >= 0xffffff;
  const parts = [Buffer.from([(fmt << 6) | cs])];
  if (fmt < 3) {
    const b = Buffer.alloc(3);
    b.writeUIntBE(extended ? 0xffffff : (fields.ts ?? 0), 0, 3);
    parts.push(b);
  }
  if (fmt < 2) {
    const b = Buffer.alloc(4);
    b.writeUIntBE(fields.length ?? 0, 0, 3);
    b[3] = fields.type ?? 0;
    parts.push(b);
  }
  if (fmt === 0) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(fields.stream ?? 0);
    parts.push(b);
  }
  if (extended) {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(fields.ts ?? 0);
    parts.push(b);
  }
  return Buffer.concat(parts);
}

function reader(maxMessage = 1 << 20): { read: ChunkReader; got: RtmpMessage[] } {
  const got: RtmpMessage[] = [];
  return { read: new ChunkReader((m) => got.push(m), maxMessage), got };
}

const payload = (n: number, seed: number) =>
  Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + seed) & 0xff));

describe('the chunk stream', () => {
  it('reassembles the same messages however the bytes arrive, across chunk size changes', () => {
    const setChunkSize = Buffer.alloc(4);
    setChunkSize.writeUInt32BE(4096);
    const bytes = Buffer.concat([
      encodeMessage(6, { type: 9, streamId: 1, timestamp: 40, payload: payload(1000, 1) }, 128),
      encodeMessage(2, { type: 1, streamId: 0, timestamp: 0, payload: setChunkSize }, 128),
      encodeMessage(6, { type: 9, streamId: 1, timestamp: 80, payload: payload(10_000, 2) }, 4096),
    ]);
    const whole = reader();
    whole.read.push(bytes);
    const byByte = reader();
    for (const byte of bytes) byByte.read.push(Buffer.from([byte]));
    expect(whole.got.map((m) => [m.type, m.streamId, m.timestamp, m.payload.length])).toEqual([
      [9, 1, 40, 1000],
      [9, 1, 80, 10_000],
    ]);
    expect(byByte.got).toEqual(whole.got);
    expect(whole.got[1]?.payload.equals(payload(10_000, 2))).toBe(true);
  });

  it('interleaves chunk streams and carries type 1, 2 and 3 headers forward', () => {
    const video = payload(300, 3);
    const { read, got } = reader();
    read.push(
      Buffer.concat([
        header(0, 6, { ts: 1000, length: 300, type: 9, stream: 1 }),
        video.subarray(0, 128),
        header(0, 4, { ts: 1000, length: 10, type: 8, stream: 1 }), // audio between two video chunks
        payload(10, 4),
        header(3, 6, {}),
        video.subarray(128, 256),
        header(3, 6, {}),
        video.subarray(256),
        header(1, 4, { ts: 23, length: 12, type: 8 }), // delta 23, a new length
        payload(12, 5),
        header(2, 4, { ts: 23 }), // the same length and type
        payload(12, 6),
        header(3, 4, {}), // a new message, the same delta again
        payload(12, 7),
      ]),
    );
    expect(got.map((m) => [m.type, m.timestamp, m.payload.length])).toEqual([
      [8, 1000, 10],
      [9, 1000, 300],
      [8, 1023, 12],
      [8, 1046, 12],
      [8, 1069, 12],
    ]);
    expect(got[1]?.payload.equals(video)).toBe(true);
  });

  it('reads extended timestamps (a live past 4 h 39 min), on continuation chunks too', () => {
    const late = 0x01000000 + 5; // 4 h 39 min 37 s in
    const bytes = Buffer.concat([
      encodeMessage(6, { type: 9, streamId: 1, timestamp: late, payload: payload(200, 8) }, 128),
      header(1, 6, { ts: 40, length: 5, type: 9 }),
      payload(5, 9),
    ]);
    const { read, got } = reader();
    for (let at = 0; at < bytes.length; at += 7) read.push(bytes.subarray(at, at + 7));
    expect(got.map((m) => [m.timestamp, m.payload.length])).toEqual([
      [late, 200],
      [late + 40, 5],
    ]);
  });

  it('closes on a message over the limit, a stream without its first header, too many streams, chunk size 0', () => {
    expect(() => reader(1000).read.push(header(0, 3, { length: 1001, type: 20 }))).toThrow(/too long/);
    expect(() => reader().read.push(header(1, 3, { length: 10, type: 20 }))).toThrow(RtmpProtocolError);
    const many = reader();
    expect(() => {
      for (let cs = 2; cs < 64; cs++)
        many.read.push(Buffer.concat([header(0, cs, { length: 1, type: 20 }), Buffer.from([5])]));
      // chunk streams 64 and up take a two-byte basic header
      for (let id = 0; id < 10; id++)
        many.read.push(Buffer.from([0x00, id, 0, 0, 0, 0, 0, 1, 20, 0, 0, 0, 0, 5]));
    }).toThrow(/too many chunk streams/);
    const zero = Buffer.alloc(4);
    expect(() =>
      reader().read.push(encodeMessage(2, { type: 1, streamId: 0, timestamp: 0, payload: zero }, 128)),
    ).toThrow(/chunk size 0/);
  });

  it('drops an aborted message and reads the next one on the same chunk stream', () => {
    const abort = Buffer.alloc(4);
    abort.writeUInt32BE(6);
    const { read, got } = reader();
    read.push(
      Buffer.concat([
        header(0, 6, { ts: 0, length: 300, type: 9, stream: 1 }),
        payload(128, 1),
        encodeMessage(2, { type: 2, streamId: 0, timestamp: 0, payload: abort }, 128),
        header(0, 6, { ts: 40, length: 3, type: 9, stream: 1 }),
        payload(3, 2),
      ]),
    );
    expect(got.map((m) => [m.timestamp, m.payload.length])).toEqual([[40, 3]]);
  });
});

describe('the handshake', () => {
  it('echoes a plain C1 in S2', () => {
    const c1 = plainC1();
    const answer = serverHandshake(c1);
    expect(answer.length).toBe(1 + 1536 * 2);
    expect(answer[0]).toBe(3);
    expect(answer.subarray(1537).equals(c1)).toBe(true);
  });

  it('answers a digest C1 (Flash Player style) with S1 and S2 the client can verify', () => {
    const fp = Buffer.from('Genuine Adobe Flash Player 001');
    const fms = Buffer.from('Genuine Adobe Flash Media Server 001');
    const hmac = (key: Buffer, ...data: Buffer[]) => {
      const h = createHmac('sha256', key);
      for (const d of data) h.update(d);
      return h.digest();
    };
    const offset = (sig: Buffer) => ((sig[8]! + sig[9]! + sig[10]! + sig[11]!) % 728) + 12;
    const c1 = randomBytes(1536);
    c1.set([9, 0, 124, 2], 4);
    const at = offset(c1);
    hmac(fp, c1.subarray(0, at), c1.subarray(at + 32)).copy(c1, at);
    const answer = serverHandshake(c1);
    const s1 = answer.subarray(1, 1537);
    const s2 = answer.subarray(1537);
    const s1At = offset(s1);
    expect(s1.subarray(s1At, s1At + 32).equals(hmac(fms, s1.subarray(0, s1At), s1.subarray(s1At + 32)))).toBe(
      true,
    );
    const tail = Buffer.from('f0eec24a8068bee82e00d0d1029e7e576eec5d2d29806fab93b8e636cfeb31ae', 'hex');
    const key = hmac(Buffer.concat([fms, tail]), c1.subarray(at, at + 32));
    expect(s2.subarray(1504).equals(hmac(key, s2.subarray(0, 1504)))).toBe(true);
    expect(s2.equals(c1)).toBe(false);
  });
});

describe('the H.264 SPS size', () => {
  // x264's SPS (NAL header byte first) for each size and profile, emulation prevention included.
  it.each([
    ['67640028acd940780227e5c044000003000400000300c83c60c658', 1920, 1080],
    ['6742c01ed900a02ff97011000003000100000300320f162e48', 640, 360],
    ['67f4001f919b280a00b76022000003000200000300641e30632c', 1280, 720],
    ['677a001ebcd940b4126c0440000003004000000c83c58b6580', 720, 576],
  ])('reads %s as %i×%i', (hex, width, height) => {
    expect(h264SpsSize(Buffer.from(hex, 'hex'))).toEqual({ width, height });
  });

  it('answers null for a cut SPS, another NAL unit or nothing', () => {
    const sps = Buffer.from('67640028acd940780227e5c044000003000400000300c83c60c658', 'hex');
    expect(h264SpsSize(sps.subarray(0, 6))).toBeNull();
    expect(h264SpsSize(Buffer.from('68ebe3cb22c0', 'hex'))).toBeNull();
    expect(h264SpsSize(Buffer.alloc(0))).toBeNull();
    expect(h264SpsSize(Buffer.from([0x67, 0, 0, 0, 0, 0, 0, 0]))).toBeNull();
  });
});

describe('what a media message is', () => {
  it('tells configurations, keyframes and frames apart, legacy and Enhanced RTMP', () => {
    const kind = (type: number, bytes: number[]) => classify(type, 0, Buffer.from(bytes))?.kind;
    expect(kind(9, [0x17, 0, 0, 0, 0])).toBe('video-config'); // AVC sequence header
    expect(kind(9, [0x17, 1, 0, 0, 0])).toBe('keyframe');
    expect(kind(9, [0x27, 1, 0, 0, 0])).toBe('video');
    expect(kind(8, [0xaf, 0])).toBe('audio-config'); // AAC sequence header
    expect(kind(8, [0xaf, 1, 5])).toBe('audio');
    // Enhanced RTMP HEVC ('hvc1'): sequence start, coded frames (key), coded frames X (inter).
    expect(kind(9, [0x90, ...Buffer.from('hvc1')])).toBe('video-config');
    expect(kind(9, [0x91, ...Buffer.from('hvc1'), 0, 0, 0])).toBe('keyframe');
    expect(kind(9, [0xa3, ...Buffer.from('hvc1')])).toBe('video');
    expect(kind(9, [0x91, 0x68])).toBeUndefined(); // a FourCC cut short
    expect(kind(9, [])).toBeUndefined();
    const metadata = classify(
      18,
      0,
      encodeAmf0('@setDataFrame', 'onMetaData', { width: 640, framerate: 30 }),
    );
    expect(metadata?.kind).toBe('metadata');
    expect(metadata?.metadata).toEqual({ width: 640, framerate: 30 });
    // The FLV carries onMetaData, without RTMP's @setDataFrame.
    expect(decodeAmf0(metadata?.data ?? Buffer.alloc(0))[0]).toBe('onMetaData');
    expect(classify(18, 0, Buffer.from([0x02, 0xff]))?.kind).toBe('other'); // unreadable: passed on
  });

  it('gives a late reader the headers and the group since the last keyframe', () => {
    const feed = new FlvFeed();
    const packet = (type: number, bytes: number[], timestamp: number) =>
      classify(type, timestamp, Buffer.from(bytes)) as MediaPacket;
    feed.push(packet(18, [...encodeAmf0('onMetaData', { width: 1 })], 0));
    feed.push(packet(9, [0x17, 0, 0, 0, 0, 1], 0));
    feed.push(packet(8, [0xaf, 0, 0x12], 0));
    feed.push(packet(9, [0x17, 1, 0, 0, 0, 0xaa], 0));
    feed.push(packet(9, [0x27, 1, 0, 0, 0, 0xbb], 40));
    feed.push(packet(9, [0x17, 1, 0, 0, 0, 0xcc], 80)); // a new group starts here
    feed.push(packet(8, [0xaf, 1, 0xdd], 90));
    const tags: Buffer[] = [];
    feed.subscribe((tag) => tags.push(tag));
    feed.push(packet(9, [0x27, 1, 0, 0, 0, 0xee], 120));
    expect(tags[0]?.subarray(0, 3).toString()).toBe('FLV');
    // metadata, both configurations, the keyframe at 80 and what followed it, then live
    expect(tags.slice(1).map((t) => [t[0], t.readUIntBE(4, 3), t.at(-5)])).toEqual([
      [18, 0, 9],
      [8, 0, 0x12],
      [9, 0, 1],
      [9, 80, 0xcc],
      [8, 90, 0xdd],
      [9, 120, 0xee],
    ]);
  });
});

describe('an encoder connection', () => {
  let server: Server;
  let port: number;
  let dir: string;
  const requests: PublishRequest[] = [];
  const media: MediaPacket[] = [];
  const errors: Error[] = [];
  const feed = new FlvFeed();
  let taken = true;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'palco-rtmp-'));
    server = createServer((socket: Socket) => {
      new RtmpConnection(socket, {
        onPublish: async (request) => {
          requests.push(request);
          await new Promise((resolve) => setTimeout(resolve, 50)); // a database answering
          return taken;
        },
        onMedia: (packet) => {
          media.push(packet);
          feed.push(packet);
        },
        onProtocolError: (error) => errors.push(error),
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('says NetStream.Publish.BadName to a refused publish and closes; Publish.Start only once taken', async () => {
    taken = false;
    const refused = await RtmpTestClient.open(port);
    await refused.publish('live', 'some-key?token=1');
    const status = await refused.waitCommand('onStatus');
    expect(status[3]).toMatchObject({ level: 'error', code: 'NetStream.Publish.BadName' });
    await refused.closed;
    expect(refused.command('onStatus', 'NetStream.Publish.Start')).toBeUndefined();
    expect(requests.at(-1)).toEqual({ app: 'live', name: 'some-key' });

    taken = true;
    const client = await RtmpTestClient.open(port);
    await client.publish('live/', 'other-key');
    expect((await client.waitCommand('_result'))[3]).toMatchObject({ code: 'NetConnection.Connect.Success' });
    expect(client.received.filter(({ values }) => values?.[0] === '_result')[1]?.values?.[3]).toBe(1);
    await client.waitCommand('onStatus', 'NetStream.Publish.Start');
    expect(requests.at(-1)).toEqual({ app: 'live', name: 'other-key' });
    client.close();
  });

  it('closes a connection that sends garbage or another version, and goes on serving', async () => {
    const before = errors.length;
    const wrongVersion = connect(port, '127.0.0.1');
    wrongVersion.on('error', () => {});
    await once(wrongVersion, 'connect');
    wrongVersion.write(Buffer.concat([Buffer.from([6]), randomBytes(1536)]));
    await once(wrongVersion, 'close');
    const garbage = await RtmpTestClient.open(port);
    garbage.socket.write(Buffer.from([0x03, 0, 0, 0, 0xff, 0xff, 0xff, 0x14, 0, 0, 0, 0])); // 16 MiB of command
    await garbage.closed;
    const playing = await RtmpTestClient.open(port);
    playing.send(0, 'connect', 1, { app: 'live' });
    playing.send(0, 'createStream', 2, null);
    playing.send(1, 'play', 3, null, 'x');
    expect((await playing.waitCommand('onStatus'))[3]).toMatchObject({ code: 'NetStream.Play.Failed' });
    await playing.closed;
    expect(errors.length - before).toBe(2);
    const fine = await RtmpTestClient.open(port);
    await fine.publish('live', 'k');
    await fine.waitCommand('onStatus', 'NetStream.Publish.Start');
    fine.close();
  });

  it('takes a real ffmpeg publish: its metadata, configurations, keyframes, and an FLV ffmpeg reads back', async () => {
    taken = true;
    media.length = 0;
    const file = join(dir, 'late.flv');
    const encoder = publishTestSignal(`rtmp://127.0.0.1:${port}/live/ffmpeg-key`, 3);
    // A reader joining a second in starts on a keyframe (25 fps, a keyframe every second).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const chunks: Buffer[] = [];
    const stop = feed.subscribe((tag) => chunks.push(tag));
    const [code] = (await once(encoder, 'close')) as [number];
    stop();
    expect(code).toBe(0);
    await writeFile(file, Buffer.concat(chunks));
    const metadata = media.find((p) => p.kind === 'metadata')?.metadata;
    expect(metadata).toMatchObject({ width: 320, height: 240, framerate: 25 });
    expect(media.filter((p) => p.kind === 'video-config')).toHaveLength(1);
    expect(media.filter((p) => p.kind === 'audio-config')).toHaveLength(1);
    expect(media.filter((p) => p.kind === 'keyframe').length).toBeGreaterThanOrEqual(3);
    expect(media.filter((p) => p.kind === 'video').length).toBeGreaterThan(50);
    const videoConfig = media.find((p) => p.kind === 'video-config')!;
    const spsLength = videoConfig.data.readUInt16BE(5 + 6);
    expect(h264SpsSize(videoConfig.data.subarray(5 + 8, 5 + 8 + spsLength))).toEqual({
      width: 320,
      height: 240,
    });
    const probe = spawn('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name,width',
      '-of',
      'csv=p=0',
      file,
    ]);
    let out = '';
    probe.stdout.on('data', (d: Buffer) => (out += d.toString()));
    let err = '';
    probe.stderr.on('data', (d: Buffer) => (err += d.toString()));
    await once(probe, 'close');
    expect(err).toBe('');
    expect(out.trim().split('\n').sort()).toEqual(['aac', 'h264,320']);
    expect((await readFile(file)).length).toBeGreaterThan(10_000);
  });
});
