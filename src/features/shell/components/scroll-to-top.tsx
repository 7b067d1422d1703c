import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import * as css from './app-shell.css';
import { ArrowUpIcon } from './icons';

/** SPEC §9: the button shows after 300 px of scroll; the scroll handler runs at most every 200 ms. */
export const SCROLL_TOP_THRESHOLD_PX = 300;
export const SCROLL_THROTTLE_MS = 200;

/** Calls `fn` at most once per `ms`, and once more at the end of a burst (so the last position counts). */
export function throttle(fn: () => void, ms: number) {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    last = Date.now();
    timer = undefined;
    fn();
  };
  const throttled = () => {
    const wait = ms - (Date.now() - last);
    if (wait <= 0) run();
    else timer ??= setTimeout(run, wait);
  };
  throttled.cancel = () => clearTimeout(timer);
  return throttled;
}

export function ScrollToTop() {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const check = throttle(() => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD_PX), SCROLL_THROTTLE_MS);
    // The first look (a page may open scrolled) waits for the next frame: reading scrollY right after
    // the shell's first commit forced the layout of the whole new page inside that commit's task.
    const frame = requestAnimationFrame(check);
    window.addEventListener('scroll', check, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', check);
      check.cancel();
    };
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className={css.scrollTop}
      aria-label={t`Voltar ao topo`}
      onClick={() => {
        const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
      }}
    >
      <ArrowUpIcon />
    </button>
  );
}
