// The publishers and viewers of bench/whep.ts, in a process of their own so that their cost (werift
// peers, ffmpeg encoders) is not counted as the server's. Driven over IPC by the bench:
// - `{cmd: 'whip', url, token, stamp, bitrate}`: a WHIP publish (POST url, `Authorization: Bearer`)
//   of a 640×360 25 fps H.264 test pattern (the wall clock stamped into it when `stamp`) and Opus;
// - `{cmd: 'room', room, role, bitrate, gop?}`: a publisher or a receiver of a core room, its offer sent to
//   the bench (`{type: 'offer', ...}`), which answers through the server's WebRTC core;
// - `{cmd: 'rtmp', url, bitrate}`: the same pattern over RTMP (ffmpeg);
// - `{cmd: 'stop'}`: everything ends and the process exits.
// Every command is answered `{type: 'done', id, ...}`.
import { type ChildProcess, spawn } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import {
  useH264 as h264Codec,
  MediaStreamTrack,
  useOPUS as opusCodec,
  RTCPeerConnection,
  RtpPacket,
} from 'werift';
import { STAMP } from './playback.ts';

type Command =
  | { id: number; cmd: 'whip'; url: string; token: string; stamp: boolean; bitrate: string; gop: number }
  | {
      id: number;
      cmd: 'room';
      room: string;
      role: 'publisher' | 'subscriber';
      bitrate: string;
      /** Frames between the publisher's keyframes (25 unless told). */
      gop?: number;
    }
  | { id: number; cmd: 'rtmp'; url: string; bitrate: string; gop: number }
  | { id: number; cmd: 'answer'; sdp: string }
  | { id: number; cmd: 'stop' };

const send = (message: object) => process.send?.(message);
const encoders: ChildProcess[] = [];
const peers: RTCPeerConnection[] = [];
const sockets: Socket[] = [];
const answers = new Map<number, (sdp: string) => void>();

/** ffmpeg's input and filters: the test pattern (stamped or not) and a tone. */
function source(stamp: boolean): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-re'],
    ...['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=sample_rate=48000'],
    // The stamp is the wall clock as the frame enters the filter; the frames then get regular 25 fps
    // timestamps again (as a camera's are), not the wall clock's jitter.
    ...(stamp
      ? [
          '-filter_complex',
          `[0:v]${STAMP.replace(/setpts=PTS-STARTPTS$/, 'setpts=N/25/TB')}[v]`,
          '-map',
          '[v]',
          '-r',
          '25',
        ]
      : ['-map', '0:v']),
  ];
}

const x264 = (bitrate: string, gop: number) => [
  ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline'],
  ...['-pix_fmt', 'yuv420p', '-bf', '0', '-g', String(gop), '-b:v', bitrate, '-maxrate', bitrate],
  ...['-bufsize', bitrate],
];

async function udpInto(track: MediaStreamTrack): Promise<number> {
  const socket = createSocket('udp4');
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  socket.on('message', (data) => {
    if (!track.stopped) track.writeRtp(RtpPacket.deSerialize(data));
  });
  return socket.address().port;
}

function peer(): RTCPeerConnection {
  const pc = new RTCPeerConnection({
    codecs: { video: [h264Codec({ payloadType: 96 })], audio: [opusCodec({ payloadType: 111 })] },
    iceAdditionalHostAddresses: ['127.0.0.1'],
    iceUseIpv6: false,
  });
  peers.push(pc);
  return pc;
}

async function offer(pc: RTCPeerConnection): Promise<string> {
  await pc.setLocalDescription(await pc.createOffer());
  if (pc.iceGatheringState !== 'complete') {
    await new Promise<void>((resolve) =>
      pc.iceGatheringStateChange.subscribe((state) => state === 'complete' && resolve()),
    );
  }
  return pc.localDescription?.sdp ?? '';
}

/** A sending peer: its tracks fed by ffmpeg over loopback RTP once `answer` is applied. */
async function publisher(
  stamp: boolean,
  bitrate: string,
  gop: number,
  answer: (sdp: string) => Promise<string | null>,
): Promise<boolean> {
  const pc = peer();
  const video = new MediaStreamTrack({ kind: 'video' });
  const audio = new MediaStreamTrack({ kind: 'audio' });
  pc.addTransceiver(video, { direction: 'sendonly' });
  pc.addTransceiver(audio, { direction: 'sendonly' });
  const sdp = await answer(await offer(pc));
  if (!sdp) return false;
  await pc.setRemoteDescription({ type: 'answer', sdp });
  const [videoPort, audioPort] = [await udpInto(video), await udpInto(audio)];
  encoders.push(
    spawn(
      'ffmpeg',
      [
        ...source(stamp),
        ...x264(bitrate, gop),
        ...['-payload_type', '96', '-f', 'rtp', `rtp://127.0.0.1:${videoPort}?pkt_size=1200`],
        ...['-map', '1:a', '-c:a', 'libopus', '-ac', '2', '-b:a', '64k'],
        ...['-payload_type', '111', '-f', 'rtp', `rtp://127.0.0.1:${audioPort}?pkt_size=1200`],
      ],
      { stdio: 'ignore' },
    ),
  );
  return true;
}

/** An offer answered by the bench (through the server's core). */
function viaBench(id: number, room: string, role: string, sdp: string): Promise<string> {
  return new Promise((resolve) => {
    answers.set(id, resolve);
    send({ type: 'offer', id, room, role, sdp });
  });
}

let received = 0;

async function run(command: Command): Promise<object> {
  switch (command.cmd) {
    case 'whip': {
      let status = 0;
      const ok = await publisher(command.stamp, command.bitrate, command.gop, async (sdp) => {
        const res = await fetch(command.url, {
          method: 'POST',
          headers: { 'content-type': 'application/sdp', authorization: `Bearer ${command.token}` },
          body: sdp,
        });
        status = res.status;
        const body = await res.text();
        return res.status === 201 ? body : null;
      });
      return { ok, status };
    }
    case 'room': {
      if (command.role === 'publisher') {
        const ok = await publisher(false, command.bitrate, command.gop ?? 25, (sdp) =>
          viaBench(command.id, command.room, 'publisher', sdp),
        );
        return { ok };
      }
      const pc = peer();
      pc.onTrack.subscribe((track) => track.onReceiveRtp.subscribe(() => received++));
      pc.addTransceiver('video', { direction: 'recvonly' });
      pc.addTransceiver('audio', { direction: 'recvonly' });
      const sdp = await viaBench(command.id, command.room, 'subscriber', await offer(pc));
      await pc.setRemoteDescription({ type: 'answer', sdp });
      return { ok: true };
    }
    case 'rtmp':
      encoders.push(
        spawn(
          'ffmpeg',
          [
            ...source(false),
            ...x264(command.bitrate, command.gop),
            ...['-map', '1:a', '-c:a', 'aac', '-b:a', '64k', '-f', 'flv', command.url],
          ],
          { stdio: 'ignore' },
        ),
      );
      return { ok: true };
    case 'answer':
      answers.get(command.id)?.(command.sdp);
      answers.delete(command.id);
      return {};
    case 'stop':
      for (const encoder of encoders) encoder.kill('SIGKILL');
      for (const socket of sockets) socket.close();
      await Promise.all(peers.map((pc) => pc.close()));
      return { received };
  }
}

process.on('message', (command: Command) => {
  void run(command).then(
    (result) => {
      if (command.cmd === 'answer') return;
      send({ type: 'done', id: command.id, ...result });
      if (command.cmd === 'stop') setTimeout(() => process.exit(0), 100);
    },
    (error: unknown) => send({ type: 'done', id: command.id, ok: false, error: String(error) }),
  );
});
send({ type: 'ready' });
