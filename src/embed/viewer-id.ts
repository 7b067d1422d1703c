/**
 * The anti-piracy viewer ID over the video (docs/playback.md "Viewer-ID signal"): after the control panel's
 * "send viewer-ID signal" every player of the live shows its own viewer's ID until the signal's `until`.
 * It moves between spots so a crop cannot hide it in a recording of the screen.
 */

/** No signal makes the ID stay longer than this, whatever `until` says (a wrong clock, a bad event). */
export const MAX_VIEWER_ID_MS = 10 * 60_000;
/** The ID jumps to the next spot this often. */
export const VIEWER_ID_MOVE_MS = 5_000;

const SPOTS = [
  { top: '8%', left: '6%' },
  { top: '8%', left: '62%' },
  { top: '70%', left: '62%' },
  { top: '70%', left: '6%' },
  { top: '40%', left: '34%' },
] as const;

/** How long to show the ID: until `untilIso`, 0 when it is past or unreadable, never above the cap. */
export function viewerIdDuration(untilIso: string, now = Date.now()): number {
  const until = Date.parse(untilIso);
  if (!Number.isFinite(until)) return 0;
  return Math.max(0, Math.min(until - now, MAX_VIEWER_ID_MS));
}

/** Where the ID stands at its `step`-th move. */
export function viewerIdSpot(step: number): { top: string; left: string } {
  return SPOTS[Math.abs(Math.floor(step)) % SPOTS.length] ?? SPOTS[0];
}

interface Shown {
  element: HTMLElement;
  move: ReturnType<typeof setInterval>;
  hide: ReturnType<typeof setTimeout>;
}
const shown = new WeakMap<HTMLElement, Shown>();

function place(element: HTMLElement, step: number): void {
  const spot = viewerIdSpot(step);
  element.style.top = spot.top;
  element.style.left = spot.left;
}

/** Shows `viewerId` over `container` (a positioned box over the video) until `untilIso`; a second
 * signal while it shows only moves the end. */
export function showViewerId(container: HTMLElement, viewerId: string, untilIso: string): void {
  const ms = viewerIdDuration(untilIso);
  const current = shown.get(container);
  if (current) {
    clearInterval(current.move);
    clearTimeout(current.hide);
    current.element.remove();
    shown.delete(container);
  }
  if (ms <= 0) return;
  const element = document.createElement('div');
  element.className = 'palco-viewer-id';
  element.dataset.testid = 'viewer-id';
  element.textContent = viewerId;
  Object.assign(element.style, {
    position: 'absolute',
    zIndex: '20',
    pointerEvents: 'none',
    padding: '0.2em 0.5em',
    font: '600 clamp(14px, 3.5vw, 28px) ui-monospace, monospace',
    letterSpacing: '0.12em',
    color: 'rgba(255, 255, 255, 0.85)',
    background: 'rgba(0, 0, 0, 0.35)',
    textShadow: '0 0 3px #000',
    borderRadius: '4px',
  });
  let step = Math.floor(Math.random() * SPOTS.length);
  place(element, step);
  container.append(element);
  const move = setInterval(() => place(element, ++step), VIEWER_ID_MOVE_MS);
  const hide = setTimeout(() => {
    clearInterval(move);
    element.remove();
    shown.delete(container);
  }, ms);
  shown.set(container, { element, move, hide });
}
