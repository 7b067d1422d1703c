import { type RefObject, useEffect, useState } from 'react';
import { backoffDelay } from '@/lib/backoff';

export type PlayerState = 'loading' | 'playing' | 'waiting' | 'no-signal' | 'unsupported';

interface ShakaPlayer {
  attach(video: HTMLMediaElement): Promise<void>;
  load(uri: string): Promise<void>;
  unload(): Promise<void>;
  configure(config: object): boolean;
  destroy(): Promise<void>;
  addEventListener(type: string, listener: (event: Event & { detail?: { severity?: number } }) => void): void;
}

/** shaka.util.Error.Severity.CRITICAL: the player stopped; a recoverable error it retries itself. */
const CRITICAL = 2;
/** Between two loads of a playlist that is not there (yet): 1 s doubling to 5 s, so a preview opened
 * before the encoder starts plays within a few seconds of the first segments. */
const RETRY = { baseMs: 1_000, maxMs: 5_000 };

/** The HLS-only shaka build, in its own chunk: loaded when a preview opens, never at first paint. */
async function loadShaka() {
  const mod = await import('shaka-player/dist/shaka-player.hls-es2021.js');
  return mod.default;
}

/** Plays a live HLS playlist in `video` while the server says an encoder publishes to its signal
 * (`publishing`, from the signal status: the playlist exists only then, so nothing asks for it before
 * and no 404 is logged for a signal without an encoder). Not publishing is 'waiting', without a
 * request; undefined (not known yet) is 'loading'. While publishing, a load that fails (the first
 * segments of a publish that just began, a stream that stopped) is tried again after a backoff until
 * media arrives. `src` null means there is no playlist to ask for ('no-signal'); undefined is still
 * loading. A new `attempt` starts over at once. */
export function useLivePlayer(
  video: RefObject<HTMLVideoElement | null>,
  src: string | null | undefined,
  attempt: number,
  publishing: boolean | undefined,
) {
  const [state, setState] = useState<PlayerState>('loading');

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt reloads the same playlist.
  useEffect(() => {
    let cancelled = false;
    let player: ShakaPlayer | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    setState(src === null ? 'no-signal' : publishing === false ? 'waiting' : 'loading');
    if (!src || !publishing) return;

    const retryLater = () => {
      if (cancelled || timer) return;
      setState('waiting');
      timer = setTimeout(
        () => {
          timer = undefined;
          void load();
        },
        backoffDelay(failures++, RETRY),
      );
    };
    const load = async () => {
      if (cancelled || !player) return;
      try {
        await player.load(src);
        if (cancelled) return;
        failures = 0;
        setState('playing');
        // Autoplay of a muted video may still need a nudge after a reload.
        video.current?.play().catch(() => undefined);
      } catch {
        retryLater();
      }
    };
    const onEnded = () => retryLater();

    (async () => {
      const shaka = await loadShaka();
      if (cancelled || !video.current) return;
      shaka.polyfill.installAll();
      if (!shaka.Player.isBrowserSupported()) {
        setState('unsupported');
        return;
      }
      player = new shaka.Player() as ShakaPlayer;
      // One quick retry inside shaka; the loop above does the patient waiting.
      player.configure({ manifest: { retryParameters: { maxAttempts: 2, baseDelay: 500 } } });
      player.addEventListener('error', (event) => {
        if (event.detail?.severity === CRITICAL) retryLater();
      });
      video.current.addEventListener('ended', onEnded);
      await player.attach(video.current);
      await load();
    })().catch(retryLater);

    const element = video.current;
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
      element?.removeEventListener('ended', onEnded);
      void player?.destroy();
    };
  }, [src, attempt, publishing]);

  return state;
}
