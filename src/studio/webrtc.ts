import { request } from './api';

/** Waits for every ICE candidate (WHIP without trickle), at most 3 s. */
function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (pc.iceGatheringState !== 'complete') return;
      pc.removeEventListener('icegatheringstatechange', done);
      resolve();
    };
    pc.addEventListener('icegatheringstatechange', done);
    setTimeout(resolve, 3000);
  });
}

/** H.264 first when the browser can send it: the server passes it through (VP8 is re-encoded). */
function preferH264(transceiver: RTCRtpTransceiver): void {
  const capabilities = RTCRtpSender.getCapabilities?.('video');
  if (!capabilities || typeof transceiver.setCodecPreferences !== 'function') return;
  const h264 = capabilities.codecs.filter((c) => c.mimeType.toLowerCase() === 'video/h264');
  // Constrained baseline with packetization-mode=1 first: what every receiver takes.
  h264.sort((a, b) => score(b.sdpFmtpLine) - score(a.sdpFmtpLine));
  const rest = capabilities.codecs.filter((c) => c.mimeType.toLowerCase() !== 'video/h264');
  if (h264.length) transceiver.setCodecPreferences([...h264, ...rest]);
}
const score = (fmtp = '') =>
  (fmtp.includes('packetization-mode=1') ? 2 : 0) + (fmtp.includes('42e01f') ? 1 : 0);

export interface Session {
  pc: RTCPeerConnection;
  /** The session's URL (DELETE ends it). */
  location: string | null;
}

/** Publishes these tracks (WHIP): POST the offer to `url` with the Bearer; answers the peer and its Location.
 * `keepSize`: under CPU or network pressure the encoder lowers the frame rate, never the picture's size
 * (the composed stream feeds an HLS ladder, which a size change mid-stream would restart). */
export async function publish(
  url: string,
  bearer: string,
  stream: MediaStream,
  keepSize = false,
): Promise<Session> {
  const pc = new RTCPeerConnection();
  const video: RTCRtpSender[] = [];
  for (const track of stream.getTracks()) {
    const transceiver = pc.addTransceiver(track, { direction: 'sendonly', streams: [stream] });
    if (track.kind === 'video') {
      preferH264(transceiver);
      video.push(transceiver.sender);
    }
  }
  const session = await negotiate(pc, url, bearer);
  if (keepSize)
    for (const sender of video) {
      const parameters = sender.getParameters();
      parameters.degradationPreference = 'maintain-resolution';
      await sender.setParameters(parameters).catch(() => undefined);
    }
  return session;
}

/** Receives a publisher (WHEP-like): the tracks arrive through `onTrack`. */
export async function receive(
  url: string,
  bearer: string,
  onTrack: (stream: MediaStream) => void,
): Promise<Session> {
  const pc = new RTCPeerConnection();
  pc.addTransceiver('video', { direction: 'recvonly' });
  pc.addTransceiver('audio', { direction: 'recvonly' });
  const remote = new MediaStream();
  pc.addEventListener('track', (event) => {
    remote.addTrack(event.track);
    onTrack(remote);
  });
  return negotiate(pc, url, bearer);
}

async function negotiate(pc: RTCPeerConnection, url: string, bearer: string): Promise<Session> {
  try {
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    const { data, location } = await request<string>(url, {
      method: 'POST',
      bearer,
      sdp: pc.localDescription?.sdp ?? '',
    });
    await pc.setRemoteDescription({ type: 'answer', sdp: data });
    return {
      pc,
      location: location
        ? new URL(location, window.location.href).pathname + new URL(location, window.location.href).search
        : null,
    };
  } catch (error) {
    pc.close();
    throw error;
  }
}

/** Ends a session: the peer, and the server's side (DELETE on its Location; failures ignored). */
export async function end(session: Session | null, bearer: string, query = ''): Promise<void> {
  if (!session) return;
  session.pc.close();
  if (session.location)
    await request(`${session.location}${query}`, { method: 'DELETE', bearer }).catch(() => undefined);
}
