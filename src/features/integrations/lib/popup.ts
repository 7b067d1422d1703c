// SPEC §4: authorisation opens a popup and polls until the status shows the provider authorized (the
// popup is closed, result true) or the user closes the popup (false).
import { FACEBOOK_POLL_MS, FACEBOOK_POPUP, OAUTH_POLL_MS, OAUTH_POPUP } from '@contract/integrations';

/** SPEC §4 and §9: 600x800 polled every 2000 ms; Facebook 600x400 polled every second. */
export const POPUP = {
  oauth: { ...OAUTH_POPUP, interval: OAUTH_POLL_MS },
  facebook: { ...FACEBOOK_POPUP, interval: FACEBOOK_POLL_MS },
} as const;

export type PopupKind = keyof typeof POPUP;

/** The part of a window the flow uses (a real `Window` in the page). */
export interface PopupWindow {
  readonly closed: boolean;
  close(): void;
  location: { href: string } | Location;
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
  kind: PopupKind;
  /** The consent address, asked of the server after the popup opened (a popup opened later than the
   * click would be blocked). A failure closes the popup and rejects. */
  url: () => Promise<string>;
  /** Asks the status: true once the provider shows as authorized. A failed check counts as "not yet". */
  authorized: () => Promise<boolean>;
  open?: OpenWindow;
  screen?: { width: number; height: number };
}

/** Opens the popup (call it from the click) and resolves true when authorized (closing the popup), false
 * when the user closed it first. Rejects with PopupBlockedError when the browser refused to open it. */
export async function authorizeInPopup({
  kind,
  url,
  authorized,
  open = (u, t, f) => window.open(u, t, f),
  screen,
}: AuthorizeOptions): Promise<boolean> {
  const popup = open('about:blank', `palco-${kind}`, popupFeatures(kind, screen));
  if (!popup) throw new PopupBlockedError();
  try {
    popup.location.href = await url();
  } catch (error) {
    popup.close();
    throw error;
  }
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
