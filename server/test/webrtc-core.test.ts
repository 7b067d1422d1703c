import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
