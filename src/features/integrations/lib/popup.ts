// SPEC §4: authorisation opens a popup and polls until the status shows the provider authorized (the
// popup is closed, result true) or the user closes the popup (false).

/** SPEC §4 and §9: 600x800 polled every 2000 ms; Facebook 600x400 polled every second. */
export const POPUP = {
  oauth: { width: 600, height: 800, interval: 2000 },
  facebook: { width: 600, height: 400, interval: 1000 },
} as const;

export type PopupKind = keyof typeof POPUP;

/** The part of a window the poll reads (a real `Window` in the page). */
export interface PopupWindow {
  readonly closed: boolean;
  close(): void;
}

export type OpenWindow = (url: string, target: string, features: string) => PopupWindow | null;

export class PopupBlockedError extends Error {
  constructor() {
    super('popup blocked');
    this.name = 'PopupBlockedError';
  }
}

/** The `window.open` features of a popup of this size, centred on the opener's screen. */
export function popupFeatures(kind: PopupKind, screen?: { width: number; height: number }): string {
  const { width, height } = POPUP[kind];
  const left = screen ? Math.max(0, Math.round((screen.width - width) / 2)) : 0;
  const top = screen ? Math.max(0, Math.round((screen.height - height) / 2)) : 0;
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

export interface AuthorizeOptions {
  url: string;
  kind: PopupKind;
  /** Asks the status: true once the provider shows as authorized. A failed check counts as "not yet". */
  authorized: () => Promise<boolean>;
  open?: OpenWindow;
  screen?: { width: number; height: number };
}

/** Opens the popup and resolves true when authorized (closing the popup), false when the user closed
 * it first. Rejects with PopupBlockedError when the browser refused to open it. */
export function authorizeInPopup({
  url,
  kind,
  authorized,
  open = (u, t, f) => window.open(u, t, f),
  screen,
}: AuthorizeOptions): Promise<boolean> {
  const popup = open(url, `palco-${kind}`, popupFeatures(kind, screen));
  if (!popup) return Promise.reject(new PopupBlockedError());
  return new Promise((resolve) => {
    let checking = false;
    const timer = setInterval(async () => {
      if (checking) return;
      checking = true;
      // Asked even when the popup is already closed: the provider's last page may close it itself.
      const ok = await authorized().catch(() => false);
      checking = false;
      if (ok) {
        clearInterval(timer);
        if (!popup.closed) popup.close();
        resolve(true);
      } else if (popup.closed) {
        clearInterval(timer);
        resolve(false);
      }
    }, POPUP[kind].interval);
  });
}
