import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueViewerSession, mediaMark, verifyViewerSession } from '../src/media/playback-session.ts';
import { PlaybackSigner } from '../src/media/playback-tokens.ts';
import { MediaSigner } from '../src/media/signing.ts';
import { hashApiKey, keyPepper } from '../src/services/api-keys.ts';

// docs/server.md "HMAC keys": the signing keys are made once, as KeyObjects. What they sign must not
// change: a token, a session or a media URL issued by the previous server (an instance not yet
// restarted in a rolling deploy, a player holding its URL) must still be accepted, and an API key hashed
// before must still be found. Each is checked against the signature computed the plain way.
const secret = new Uint8Array(32).map((_, i) => i * 7);
const plain = (key: Uint8Array | Buffer, text: string) => createHmac('sha256', key).update(text).digest();
const derived = (label: string) => plain(Buffer.from(secret), label);

describe('signatures made with the cached keys', () => {
  it('a playback token is the HMAC of its resource under the key derived for playback', () => {
    const { token, exp } = new PlaybackSigner(secret).issue('live', 'abc', 60, 1_000);
    expect(token).toBe(
      `${exp}.${plain(derived('palco-playback-v1'), `live/abc/${exp}`).toString('base64url')}`,
    );
    expect(new PlaybackSigner(Buffer.from(secret)).verify('live', 'abc', token, 1_000)).toBe(true);
  });

  it('a media URL token is the HMAC of its folder under the key derived for media URLs', () => {
    const token = new MediaSigner(secret).token('acc', 'vid', 1_000);
    const exp = Number(token.split('.')[0]);
    expect(token).toBe(
      `${exp}.${plain(derived('palco-media-urls-v1'), `acc/vid/${exp}`).toString('base64url')}`,
    );
  });

  it('a viewer session and a media mark are signed under the key derived for viewer sessions', () => {
    const session = {
      kind: 'live' as const,
      id: 'l1',
      accountId: 'a1',
      viewerId: 'v1',
      country: 'BR',
      exp: 2_000_000_000,
    };
    const id = issueViewerSession(session, secret);
    const [body, mac] = id.split('.');
    expect(mac).toBe(plain(derived('palco-viewer-session-v1'), body!).toString('base64url'));
    expect(verifyViewerSession(id, secret, 1_000)).toMatchObject({ id: 'l1', viewerId: 'v1' });
    // Another secret refuses it; the first one, asked again, still accepts it.
    expect(verifyViewerSession(id, new Uint8Array(32), 1_000)).toBeNull();
    expect(verifyViewerSession(id, secret, 1_000)).not.toBeNull();
    const key = '0123456789abcdef0123456789abcdef';
    expect(mediaMark(secret, 'l1', key)).toBe(
      `${key}.${plain(derived('palco-viewer-session-v1'), `media/l1/${key}`).toString('base64url').slice(0, 22)}`,
    );
  });

  it('an API key hashes as before', () => {
    expect(hashApiKey(keyPepper(secret), 'plk_x')).toBe(
      createHmac('sha256', derived('palco api keys v1')).update('plk_x').digest('hex'),
    );
  });
});
