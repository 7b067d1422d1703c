import { useEffect, useState } from 'react';

// The first page a tab opens renders in steps, one task each: the shell, then the page, then its rows
// (docs/decisions.md "The first page renders in steps"). In one commit they held a phone's main thread
// for one long task (50–60 ms here, four times that on a mid-range phone) right after the splash;
// as steps, the browser paints and handles input between them. Once the user navigates, every part
// renders at once: a page opened from the console's own links needs no steps.

// A reload, or a return through the browser's history, puts the page back at its scroll position (the
// router's scroll restoration, right after the first render): that needs the whole page in that render.
const restoresScroll = () => {
  const entry = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === 'reload' || entry?.type === 'back_forward';
};

let firstLoad = typeof window !== 'undefined' && !restoresScroll();

/** The console's first page is done: from now on `useRevealed` answers true at once. */
export function endFirstLoad() {
  firstLoad = false;
}

/** Whether the console is still on the first page a tab opened. */
export function isFirstLoad() {
  return firstLoad;
}

type Yielding = { scheduler?: { yield?: () => Promise<void> } };

/** Lets the browser run (paint, input) before the caller goes on: the rest is a task of its own.
 * `scheduler.yield()` where there is one (Chromium 129+): it is not clamped to 4 ms as nested
 * timeouts are, and the rest runs before tasks queued meanwhile. */
export const nextTask = (): Promise<void> => {
  const { scheduler } = globalThis as Yielding;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
};

/** A background tab paints no frames: the step happens after this at the latest. */
const STEP_FALLBACK_MS = 100;

/** False on the first render of a part of the first page, true one task after the next frame was
 * painted; true at once after the first page. */
export function useRevealed(): boolean {
  const [revealed, setRevealed] = useState(() => !firstLoad);
  useEffect(() => {
    if (revealed) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reveal = () => setRevealed(true);
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(reveal, 0);
    });
    const fallback = setTimeout(reveal, STEP_FALLBACK_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(fallback);
    };
  }, [revealed]);
  return revealed;
}
