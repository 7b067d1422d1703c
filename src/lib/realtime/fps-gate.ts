/** SPEC §9: the high-FPS dialog opens at most once per 10 seconds, across every tab of the browser. */
export const FPS_ALERT_THROTTLE_MS = 10_000;
const STORAGE_KEY = 'palco-fps-alert-at';
const LOCK_NAME = 'palco-fps-alert';
/** A hidden tab lets a visible one take the alert first. */
const HIDDEN_TAB_DELAY_MS = 400;

/** Whether an alert may open now, given when the last one opened (ms since epoch, or none). A clock
 * set back (last in the future) does not block alerts for good. */
export function mayAlert(lastShownAt: number | undefined, now: number): boolean {
  if (lastShownAt === undefined || !Number.isFinite(lastShownAt)) return true;
  return now - lastShownAt >= FPS_ALERT_THROTTLE_MS || now < lastShownAt;
}

export interface GateDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  locks: Pick<LockManager, 'request'> | undefined;
  now: () => number;
  hidden: () => boolean;
  wait: (ms: number) => Promise<void>;
}

const browserDeps = (): GateDeps => ({
  storage: typeof localStorage === 'undefined' ? undefined : localStorage,
  locks: typeof navigator === 'undefined' ? undefined : navigator.locks,
  now: Date.now,
  hidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
});

/** Every tab gets every alert event (the socket's leader fans them out); each asks here whether it is
 * the one to open the dialog. The tab that opens it keeps holding a Web Lock for the 10 s window, and
 * the others ask for that lock only if it is free: a lock is one answer for every tab at once, where
 * a "last shown" time in localStorage, read right after another tab (another renderer process) wrote
 * it, may still be the old value — two dialogs for one alert. The stored time still covers a window
 * whose tab has closed since. Resolves true for the one tab that opens the dialog. */
export async function claimFpsAlert(deps: GateDeps = browserDeps()): Promise<boolean> {
  if (deps.hidden()) await deps.wait(HIDDEN_TAB_DELAY_MS);
  const decide = () => {
    const raw = deps.storage?.getItem(STORAGE_KEY);
    const last = raw ? Number(raw) : undefined;
    const now = deps.now();
    if (!mayAlert(last, now)) return false;
    deps.storage?.setItem(STORAGE_KEY, String(now));
    return true;
  };
  const locks = deps.locks;
  if (!locks) return decide();
  return new Promise<boolean>((resolve, reject) => {
    locks
      .request(LOCK_NAME, { ifAvailable: true }, async (lock) => {
        const mine = lock !== null && decide();
        resolve(mine);
        // Held through the window: every other tab's request finds it taken.
        if (mine) await deps.wait(FPS_ALERT_THROTTLE_MS);
      })
      .catch(reject);
  });
}
