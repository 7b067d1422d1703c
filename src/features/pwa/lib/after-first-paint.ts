/** Runs `fn` once the page has loaded and the browser is idle (at the latest `timeoutMs` after load),
 * so what it loads never competes with the first paint. Returns a cancel function. */
export function afterFirstPaint(fn: () => void, timeoutMs = 2000): () => void {
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    if ('requestIdleCallback' in window) idle = window.requestIdleCallback(fn, { timeout: timeoutMs });
    else timer = setTimeout(fn, Math.min(timeoutMs, 500));
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}
