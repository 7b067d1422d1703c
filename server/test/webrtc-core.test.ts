import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RtpPacket } from 'werift';
import { WebRtcCore, WebRtcError } from '../src/media/webrtc/core.ts';
import { feedTracks, offerPeer } from './helpers/whip-client.ts';

// The server's WebRTC core (media/webrtc/core.ts) with real peers: werift clients on loopback, fed by
// a real encoder (ffmpeg), against the core's worker thread.

let core: WebRtcCore;

beforeAll(async () => {
  core = new WebRtcCore({
    portRange: null,
    publicIp: null,
    interfaceAddress: '127.0.0.1',
    iceServers: [],
    connectTimeoutMs: 15_000,
    disconnectTimeoutMs: 5_000,
  });
  await core.ready();
});
afterAll(async () => {
  await core?.stop();
});

async function until(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  for (let waited = 0; !check(); waited += 100) {
    if (waited > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe('the WebRTC core', () => {
  it('forwards a publisher’s H.264 and Opus to a subscriber as they come, and asks for keyframes', async () => {
    const sender = await offerPeer('publish');
    const published = await core.publish('test:forward', sender.offer);
    expect(published.media.map((m) => m.name).sort()).toEqual(['H264', 'opus']);
    expect(core.hasPublisher('test:forward')).toBe(true);
    await sender.pc.setRemoteDescription({ type: 'answer', sdp: published.answerSdp });
    const feed = await feedTracks({ video: sender.video, audio: sender.audio });
    let plis = 0;
    sender.pc.getTransceivers()[0]?.sender.onPictureLossIndication.subscribe(() => plis++);

    const receiver = await offerPeer('subscribe');
    const counts = { video: 0, audio: 0 };
    receiver.pc.onTrack.subscribe((track) => {
      track.onReceiveRtp.subscribe((packet) => {
        if (track.kind === 'audio') counts.audio++;
        else if (packet.header.payloadType === h264) counts.video++;
      });
    });
    const subscribed = await core.subscribe('test:forward', receiver.offer, { maxSubscribers: 1 });
    await receiver.pc.setRemoteDescription({ type: 'answer', sdp: subscribed.answerSdp });
    // Offered only the publisher's codec: the H.264 payload type of the answer.
    const h264 = Number(/a=rtpmap:(\d+) H264\/90000/.exec(subscribed.answerSdp)?.[1]);
    expect(subscribed.answerSdp).not.toMatch(/VP8/);
    expect(core.subscriberCount('test:forward')).toBe(1);
    await until(() => counts.video > 50 && counts.audio > 20, 'media at the subscriber');
    // The subscriber's connection asked the publisher for a keyframe (a PLI reached the sender).
    await until(() => plis > 0, 'a keyframe request');

    // The room is bounded: a second subscriber is refused.
    const other = await offerPeer('subscribe');
    await expect(core.subscribe('test:forward', other.offer, { maxSubscribers: 1 })).rejects.toMatchObject({
      code: 'subscriber-limit',
    });
    await other.pc.close();

    // One publisher per room.
    const second = await offerPeer('publish');
    await expect(core.publish('test:forward', second.offer)).rejects.toMatchObject({ code: 'room-busy' });
    await second.pc.close();

    // The publisher leaves: its subscriber is closed with it, and both are announced.
    const closed: string[] = [];
    core.on('closed', (e) => closed.push(`${e.role}:${e.reason}`));
    expect(await core.close(published.sessionId)).toBe(true);
    await until(() => closed.length === 2, 'the closed events');
    expect(closed.sort()).toEqual(['publisher:closed', 'subscriber:publisher-left']);
    expect(core.hasPublisher('test:forward')).toBe(false);
    expect(core.subscriberCount('test:forward')).toBe(0);
    await feed.stop();
    await sender.pc.close();
    await receiver.pc.close();
  });

  it('asks the publisher for a keyframe as often as told', async () => {
    const sender = await offerPeer('publish');
    const published = await core.publish('test:keyframes', sender.offer, { keyframeIntervalMs: 300 });
    let plis = 0;
    sender.pc.getTransceivers()[0]?.sender.onPictureLossIndication.subscribe(() => plis++);
    await sender.pc.setRemoteDescription({ type: 'answer', sdp: published.answerSdp });
    const feed = await feedTracks({ video: sender.video, audio: sender.audio });
    await until(() => plis >= 3, 'three keyframe requests');
    await core.close(published.sessionId);
    await feed.stop();
    await sender.pc.close();
  });

  it('starts a subscriber’s video at a keyframe with the parameter sets the publisher sent only once', async () => {
    // The publisher sends SPS/PPS with its first keyframe only (as some encoders do): later keyframes
    // come without them, and a late subscriber could not decode any.
    let keyframes = 0;
    const nal = (packet: RtpPacket) => (packet.payload[0] ?? 0) & 0x1f;
    // The NAL unit types of a STAP-A's units (RFC 6184 5.7.1).
    const stapUnits = (packet: RtpPacket) => {
      const units: number[] = [];
      for (let at = 1; at + 2 < packet.payload.length; at += 2 + packet.payload.readUInt16BE(at))
        units.push((packet.payload[at + 2] ?? 0) & 0x1f);
      return units;
    };
    const paramsOnly = (packet: RtpPacket) =>
      [7, 8].includes(nal(packet)) ||
      (nal(packet) === 24 && stapUnits(packet).every((t) => t === 7 || t === 8));
    const sender = await offerPeer('publish');
    const published = await core.publish('test:params', sender.offer);
    await sender.pc.setRemoteDescription({ type: 'answer', sdp: published.answerSdp });
    const feed = await feedTracks(
      { video: sender.video, audio: sender.audio },
      {
        drop: (kind, packet) => {
          if (kind !== 'video') return false;
          const type = nal(packet);
          if (type === 5 || (type === 28 && ((packet.payload[1] ?? 0) & 0x9f) === 0x85)) keyframes++;
          return keyframes > 0 && paramsOnly(packet);
        },
      },
    );
    await until(() => keyframes > 1, 'the publisher’s second keyframe');

    const receiver = await offerPeer('subscribe');
    const video: RtpPacket[] = [];
    receiver.pc.onTrack.subscribe((track) => {
      if (track.kind === 'video') track.onReceiveRtp.subscribe((packet) => video.push(packet));
    });
    const subscribed = await core.subscribe('test:params', receiver.offer);
    await receiver.pc.setRemoteDescription({ type: 'answer', sdp: subscribed.answerSdp });
    await until(() => video.length > 40, 'video at the subscriber');
    // Its first packet: the SPS and PPS (a STAP-A), then the IDR right after it in sequence.
    const [first, second] = video;
    expect(first && nal(first)).toBe(24);
    expect(first && stapUnits(first)).toEqual([7, 8]);
    expect(second && [5, 28].includes(nal(second))).toBe(true);
    expect(second && (second.payload[1] ?? 0) & 0x1f).toBe(5);
    expect(second?.header.sequenceNumber).toBe(((first?.header.sequenceNumber ?? 0) + 1) & 0xffff);
    expect(second?.header.timestamp).toBe(first?.header.timestamp);
    const stats = await core.stats('test:params');
    expect(stats?.parameterSetsInserted).toBeGreaterThan(0);
    await core.close(published.sessionId);
    await feed.stop();
    await sender.pc.close();
    await receiver.pc.close();
  });

  it('refuses what it cannot take', async () => {
    await expect(core.publish('test:bad', 'not sdp')).rejects.toBeInstanceOf(WebRtcError);
    await expect(core.publish('test:bad', 'not sdp')).rejects.toMatchObject({ code: 'bad-offer' });
    const receiver = await offerPeer('subscribe');
    await expect(core.subscribe('test:nobody', receiver.offer)).rejects.toMatchObject({
      code: 'no-publisher',
    });
    await receiver.pc.close();
    expect(core.hasPublisher('test:bad')).toBe(false);
  });
});
