/**
 * The player's WHEP client (docs/playback.md "WHEP"), in a chunk of its own: loaded only for a live
 * whose playback answer has a `whepUrl`. A recvonly peer connection (video + audio), its offer POSTed
 * as `application/sdp` at once, without waiting for ICE candidates (no trickle either), the answer
 * applied, the tracks played in the page's video element. Any failure before the first frame (no
 * answer, 503 past the live's WHEP viewer limit, ICE failure, nothing shown within the timeout)
 * rejects, and the page plays HLS instead.
 */
import { ElementPlayer } from './element-player';

/** How long the whole start may take, from the offer to the first frame shown. */
export const WHEP_START_TIMEOUT_MS = 6_000;
/** A connection that stays disconnected this long is over (ICE may recover sooner). */
const DISCONNECTED_MS = 4_000;

/** Why WHEP did not start: the server's status (503: its viewer limit), or what failed in the browser. */
export class WhepStartError extends Error {
  constructor(
    readonly code: string,
    readonly status?: number,
  ) {
    super(`whep: ${code}`);
  }
}

export interface WhepConnection {
  /** Ends the session (DELETE on its Location) and the peer connection. */
  close(): void;
}

export interface WhepOptions {
  /** Told once when the connection ends after the start (the live ended, the network went away). */
  onEnded(): void;
  timeoutMs?: number;
}

/** Resolves at the first frame the video shows, rejects when the connection fails first. */
function firstFrame(video: HTMLVideoElement, pc: RTCPeerConnection): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      video.removeEventListener('timeupdate', onTime);
      pc.removeEventListener('connectionstatechange', onState);
    };
    const onTime = () => {
      if (video.currentTime > 0 && video.videoWidth > 0) {
        cleanup();
        resolve();
      }
    };
    const onState = () => {
      if (pc.connectionState === 'failed' || pc.connectionState === 'closed') {
        cleanup();
        reject(new WhepStartError(`ice_${pc.connectionState}`));
      }
    };
    video.addEventListener('timeupdate', onTime);
    pc.addEventListener('connectionstatechange', onState);
  });
}

/**
 * Plays the live of `whepUrl` (root-relative or absolute) in `video`; resolves once its first frame
 * shows. The video element is left to the caller (its srcObject is cleared on failure).
 */
export async function playWhep(
  whepUrl: string,
  video: HTMLVideoElement,
  options: WhepOptions,
): Promise<WhepConnection> {
  if (typeof RTCPeerConnection !== 'function') throw new WhepStartError('unsupported');
  const endpoint = new URL(whepUrl, location.href);
  const pc = new RTCPeerConnection({ bundlePolicy: 'max-bundle' });
  let location_: URL | null = null;
  let closed = false;
  let started = false;
  let lost: ReturnType<typeof setTimeout> | undefined;
  const close = () => {
    if (closed) return;
    closed = true;
    clearTimeout(lost);
    pc.close();
    if (location_) {
      void fetch(location_, { method: 'DELETE', credentials: 'omit', keepalive: true }).catch(
        () => undefined,
      );
    }
  };
  const abort = new AbortController();
  const timeout = setTimeout(() => abort.abort(), options.timeoutMs ?? WHEP_START_TIMEOUT_MS);
  const timedOut = new Promise<never>((_, reject) =>
    abort.signal.addEventListener('abort', () => reject(new WhepStartError('timeout'))),
  );
  timedOut.catch(() => undefined); // seen by the races below; never unhandled
  const stream = new MediaStream();
  pc.addEventListener('track', (event) => {
    stream.addTrack(event.track);
    if (video.srcObject !== stream) video.srcObject = stream;
  });
  pc.addEventListener('connectionstatechange', () => {
    if (!started || closed) return;
    const state = pc.connectionState;
    clearTimeout(lost);
    if (state === 'failed' || state === 'closed') {
      close();
      options.onEnded();
    } else if (state === 'disconnected') {
      lost = setTimeout(() => {
        close();
        options.onEnded();
      }, DISCONNECTED_MS);
    }
  });
  try {
    pc.addTransceiver('video', { direction: 'recvonly' });
    pc.addTransceiver('audio', { direction: 'recvonly' });
    await pc.setLocalDescription(await pc.createOffer());
    // The offer goes without waiting for our ICE candidates (docs/playback.md "Startup time: what the
    // first second is spent on"): the server's answer carries its own, our connectivity checks reach
    // them, and the server learns our address from those checks (a peer-reflexive candidate, RFC 8445
    // 7.3.1.3). Waiting for gathering to complete cost up to 0.8 s and bought nothing here.
    const res = await fetch(endpoint, {
      method: 'POST',
      body: pc.localDescription?.sdp ?? '',
      headers: { 'content-type': 'application/sdp' },
      credentials: 'omit',
      cache: 'no-store',
      signal: abort.signal,
    }).catch((error: unknown) => {
      throw abort.signal.aborted ? new WhepStartError('timeout') : error;
    });
    if (res.status !== 201) throw new WhepStartError(`http_${res.status}`, res.status);
    const where = res.headers.get('location');
    if (where) location_ = new URL(where, endpoint);
    const answer = await res.text();
    await pc.setRemoteDescription({ type: 'answer', sdp: answer });
    void video.play().catch(() => undefined);
    await Promise.race([firstFrame(video, pc), timedOut]);
    started = true;
    return { close };
  } catch (error) {
    close();
    video.srcObject = null;
    throw error instanceof WhepStartError ? error : new WhepStartError('failed');
  } finally {
    clearTimeout(timeout);
  }
}

/**
 * What the controls and telemetry read of a player, for a WebRTC one: the live edge only (no seeking),
 * one rendition (the picture's height), no captions; telemetry names its delivery `webrtc`.
 */
export class WhepPlayer extends ElementPlayer {
  constructor(video: HTMLVideoElement) {
    super(video, 'webrtc');
  }
  /** Who delivers the media (telemetry's `cdn`). */
  deliveredBy(): string {
    return 'webrtc';
  }
  isLive(): boolean {
    return true;
  }
  seekRange(): { start: number; end: number } {
    return { start: this.video.currentTime, end: this.video.currentTime };
  }
}
