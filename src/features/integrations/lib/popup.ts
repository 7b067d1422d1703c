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

/** What the server's last popup page says (`[data-result]`, on the console's own origin), or null while
 * the popup is elsewhere (the provider's consent page cannot be read, and need not be). */
export type PopupPage = { result: 'success' | 'error'; text: string } | null;

function readPage(popup: PopupWindow): PopupPage {
  try {
    const el = (popup as { document?: Document }).document?.querySelector('[data-result]');
    if (!el) return null;
    return {
      result: el.getAttribute('data-result') === 'success' ? 'success' : 'error',
      text: el.textContent ?? '',
    };
  } catch {
    return null;
  }
}

/** true: authorized; otherwise why not — the server's own words when its page said so, else null (the
 * user closed the popup). */
export type PopupOutcome = { authorized: true } | { authorized: false; reason: string | null };

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
  /** Reads the popup's page (tests give their own). */
  read?: (popup: PopupWindow) => PopupPage;
  screen?: { width: number; height: number };
}

/** Opens the popup (call it from the click) and resolves authorized when the status shows it (closing
 * the popup); not authorized when the user closed it first or the server's page reports a failure (the
 * provider refused, 'Negar', an expired state…), with that page's text. Rejects with PopupBlockedError
 * when the browser refused to open it. */
export async function authorizeInPopup({
  kind,
  url,
  authorized,
  open = (u, t, f) => window.open(u, t, f),
  read = readPage,
  screen,
}: AuthorizeOptions): Promise<PopupOutcome> {
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
      const page = popup.closed ? null : read(popup);
      if (ok) {
        clearInterval(timer);
        if (!popup.closed) popup.close();
        resolve({ authorized: true });
      } else if (page?.result === 'error') {
        clearInterval(timer);
        popup.close();
        resolve({ authorized: false, reason: page.text.trim() || null });
      } else if (popup.closed) {
        clearInterval(timer);
        resolve({ authorized: false, reason: null });
      }
    }, POPUP[kind].interval);
  });
}
