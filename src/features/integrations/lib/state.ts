// The enable/disable rules of the integrations page (SPEC §4 "Integration state per provider"), as pure
// functions of what the status calls answered: the cards and the Zoom accounts dialog only read these.
import { ZOOM_MAX_ACCOUNTS, type ZoomAccount } from '@contract/integrations';

/** What a card knows about its provider. */
export interface CardState {
  /** The server holds this provider's app credentials (else the card says so and opens no popup). */
  configured: boolean;
  /** Connected: a token (or Tencent's keys) is stored for the team. */
  integrated: boolean;
  /** The provider revoked the connection (a deauthorization webhook, or a 404 on the status query). */
  deauthorized: boolean;
  /** Import on (activeImport), or simulcast on for YouTube (enabled). */
  importOn: boolean;
}

export const NOT_INTEGRATED: CardState = {
  configured: true,
  integrated: false,
  deauthorized: false,
  importOn: false,
};

/** The switch: disabled when not integrated or deauthorized (and while a change is being saved). */
export const switchDisabled = (s: CardState, busy = false) => busy || !s.integrated || s.deauthorized;

/** The chip beside the switch: HABILITADO only while the switch is on and usable. */
export const chipEnabled = (s: CardState) => s.integrated && !s.deauthorized && s.importOn;

/** 'Integração': disabled when already integrated. A deauthorized connection is not one any more: the
 * button then reauthorises. Without the app's credentials there is nothing to open. */
export const integrateDisabled = (s: CardState, busy = false) =>
  busy || !s.configured || (s.integrated && !s.deauthorized);

/** 'Desfazer Integração': only for something integrated. */
export const undoDisabled = (s: CardState, busy = false) => busy || !s.integrated;

/** The fields of a Zoom account (contract/integrations.ts `ZoomAccount`) the rules read. */
export type ZoomAccountState = Pick<
  ZoomAccount,
  'zoomAccountId' | 'activeImport' | 'deauthorized' | 'tokenExpiresIn'
>;

/** Zoom: integrated with any account; in its reauthorise state as soon as any account is deauthorized. */
export function zoomCardState(accounts: readonly ZoomAccountState[], configured: boolean): CardState {
  return {
    configured,
    integrated: accounts.length > 0,
    deauthorized: accounts.some((a) => a.deauthorized),
    importOn: accounts.some((a) => a.activeImport && !a.deauthorized),
  };
}

/** A token whose expiry has passed (the server refreshes it on its next use; until then, no undo). */
export const tokenExpired = (a: ZoomAccountState) => a.tokenExpiresIn <= 0;

/** The multi-account row's reauthorise button: disabled when not deauthorized or while loading. */
export const reauthorizeDisabled = (a: ZoomAccountState, loading: boolean) => loading || !a.deauthorized;

/** Zoom's undo: disabled while loading, when deauthorized or when the token has expired. */
export const zoomUndoDisabled = (a: ZoomAccountState, loading: boolean) =>
  loading || a.deauthorized || tokenExpired(a);

/** The multi-account add button (SPEC §9: at most 20 accounts): disabled at 20 accounts and while loading. */
export const addAccountDisabled = (count: number, loading: boolean, configured = true) =>
  loading || !configured || count >= ZOOM_MAX_ACCOUNTS;

/** SPEC §4: a 404 on a status query means the connection is gone (deauthorized), not an error. */
export const isDeauthorizedStatus = (error: unknown) =>
  (error as { status?: unknown } | null)?.status === 404;
