import type { PlaybackInfo } from '@contract/playback';
import { type IconName, setIcon } from './icons';
import { clampSeek, keyAction } from './keys';
import { canLike, createLikeToggle } from './like';
import type { ShakaPlayer } from './shaka';
import { labels } from './texts';
import { qualityOptions } from './tracks';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(className: string, label: string, icon: IconName): HTMLButtonElement {
  const b = el('button', `ctl ${className}`);
  setIcon(b, icon);
  b.type = 'button';
  b.setAttribute('aria-label', label);
  b.title = label;
  return b;
}

function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm}:${ss}` : `${mm}:${ss}`;
}

/**
 * The control bar (play, ±10 s, mute, position, like, quality, subtitles, fullscreen) and the
 * keyboard, on the player's colour. Seeking stays inside what the stream lets a viewer reach: the whole
 * video, the DVR window of a live, or only the live edge without DVR. The like button is a VOD's whose
 * answer has a `likeUrl` (never a live's): a toggle (`aria-pressed`) named 'Curtir', its tooltip
 * saying what a press does.
 */
export function mountControls(
  root: HTMLElement,
  video: HTMLVideoElement,
  player: ShakaPlayer,
  info: PlaybackInfo,
): { refreshTracks(): void; renew(sessionId: string): void; destroy(): void } {
  const l = labels();
  const canSeek = info.kind === 'vod' || info.dvr.enabled;
  const bar = el('div', 'controls');
  const play = button('play', l.play, 'play');
  const back = button('back', l.back, 'back');
  const forward = button('forward', l.forward, 'forward');
  const mute = button('mute', l.unmute, 'muted');
  const time = el('span', 'time');
  const seek = el('input', 'seek');
  seek.type = 'range';
  seek.min = '0';
  seek.step = '0.1';
  seek.setAttribute('aria-label', l.seek);
  const quality = el('select', 'quality');
  quality.setAttribute('aria-label', l.quality);
  quality.title = l.quality;
  const subtitles = el('select', 'subtitles');
  subtitles.setAttribute('aria-label', l.subtitles);
  subtitles.title = l.subtitles;
  const full = button('fullscreen', l.fullscreen, 'fullscreen');
  // A renewed playback session (a new sessionId) is the one a later press sends.
  let current = info;
  const like = canLike(info) ? button('like', l.like, 'heart') : null;
  const paintLike = (liked: boolean) => {
    if (!like) return;
    setIcon(like, liked ? 'heartFilled' : 'heart');
    like.setAttribute('aria-pressed', String(liked));
    like.title = liked ? l.unlike : l.like;
  };
  const likeToggle = like ? createLikeToggle(() => current, paintLike) : null;
  paintLike(false);
  bar.append(play, ...(canSeek ? [back, forward] : []), mute, time, ...(canSeek ? [seek] : []));
  bar.append(...(like ? [like] : []), quality, subtitles, full);
  root.append(bar);
  // Captions move above the bar while it shows (embed.css reads its height).
  const barSize = new ResizeObserver(() =>
    root.style.setProperty('--controls-height', `${bar.getBoundingClientRect().height}px`),
  );
  barSize.observe(bar);

  const seekBy = (by: number) => {
    video.currentTime = clampSeek(video.currentTime + by, player.seekRange());
  };
  const toggle = () => (video.paused ? void video.play().catch(() => undefined) : video.pause());
  const toggleMute = () => {
    video.muted = !video.muted;
  };
  const fullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void root.requestFullscreen?.().catch(() => undefined);
  };

  const paint = () => {
    setIcon(play, video.paused ? 'play' : 'pause');
    play.setAttribute('aria-label', video.paused ? l.play : l.pause);
    setIcon(mute, video.muted ? 'muted' : 'volume');
    mute.setAttribute('aria-label', video.muted ? l.unmute : l.mute);
    const range = player.seekRange();
    if (info.kind === 'live' && !canSeek) time.textContent = l.live;
    else if (info.kind === 'live') time.textContent = `${l.live} −${clock(range.end - video.currentTime)}`;
    else time.textContent = `${clock(video.currentTime)} / ${clock(video.duration || 0)}`;
    if (canSeek && document.activeElement !== seek) {
      seek.min = String(range.start);
      seek.max = String(range.end);
      seek.value = String(video.currentTime);
    }
  };

  const refreshTracks = () => {
    const options = qualityOptions(player.getVariantTracks(), video.videoHeight);
    const chosen = quality.value;
    quality.replaceChildren(
      ...options.map((o) => {
        const text = o.value === 'auto' ? l.auto : o.height === null ? l.audioOnly : `${o.height}p`;
        const option = el('option', '', text);
        option.value = o.value;
        return option;
      }),
    );
    // The viewer's choice survives a refresh (a new picture size, a ladder read again).
    if (options.some((o) => o.value === chosen)) quality.value = chosen;
    quality.hidden = options.length <= 2;
    const texts = player.getTextTracks();
    const off = el('option', '', l.subtitlesOff);
    off.value = '';
    subtitles.replaceChildren(
      off,
      ...texts.map((track) => {
        const option = el('option', '', track.label || track.language);
        option.value = String(track.id);
        option.selected = track.active;
        return option;
      }),
    );
    subtitles.hidden = texts.length === 0;
  };

  quality.addEventListener('change', () => {
    if (quality.value === 'auto') {
      player.configure({ abr: { enabled: true } });
      return;
    }
    const track = player.getVariantTracks().find((t) => String(t.id) === quality.value);
    if (!track) return;
    player.configure({ abr: { enabled: false } });
    player.selectVariantTrack(track, true);
  });
  subtitles.addEventListener('change', () => {
    // 'Desativadas' (no track) unloads the captions.
    player.selectTextTrack(player.getTextTracks().find((t) => String(t.id) === subtitles.value) ?? null);
  });
  seek.addEventListener('change', () => {
    video.currentTime = clampSeek(Number(seek.value), player.seekRange());
  });
  play.addEventListener('click', toggle);
  back.addEventListener('click', () => seekBy(-10));
  forward.addEventListener('click', () => seekBy(10));
  mute.addEventListener('click', toggleMute);
  full.addEventListener('click', fullscreen);
  like?.addEventListener('click', () => likeToggle?.toggle());
  for (const type of ['play', 'pause', 'volumechange', 'timeupdate', 'durationchange'])
    video.addEventListener(type, paint);
  video.addEventListener('click', toggle);
  // The picture's size changed (another rendition on screen, or the first frame): the menu names what
  // plays (docs/playback.md "Quality menu").
  video.addEventListener('resize', refreshTracks);

  const onKey = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement | null;
    // A focused control handles its own keys (space on a button, arrows in a menu or the slider).
    if (target && target !== document.body && target.closest('button, select, input')) return;
    const action = keyAction(event);
    if (!action) return;
    event.preventDefault();
    if (action.kind === 'seek') {
      if (canSeek) seekBy(action.by);
    } else if (action.kind === 'mute') toggleMute();
    else if (action.kind === 'toggle') toggle();
    else fullscreen();
  };
  document.addEventListener('keydown', onKey);
  paint();
  return {
    refreshTracks,
    renew: (sessionId) => {
      current = { ...current, sessionId };
    },
    destroy: () => {
      document.removeEventListener('keydown', onKey);
      barSize.disconnect();
      bar.remove();
    },
  };
}
