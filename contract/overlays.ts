/* The overlays page's answers as JSON on the wire (docs/classroom.md "Overlays"). The server's TypeBox
 * schemas (server/src/routes/overlays/schemas.ts) are checked equal to these, the console's structs
 * (src/features/overlays/api) checked against them (src/features/overlays/__tests__/contract.test.ts).
 * What the player reads of an overlay is `Overlay` in playback.ts. Plain types only: nothing here imports. */

export type OverlayKind = 'image' | 'text';
export type OverlayPosition = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right' | 'center';

/** An overlay of the account (`GET|POST /v1/accounts/{accountId}/overlays`, …). */
export interface OverlayView {
  id: string;
  name: string;
  kind: OverlayKind;
  text: string | null; // kind text
  imageUrl: string | null; // kind image
  position: OverlayPosition;
  widthPercent: number; // 5..100
  color: string | null; // '#rrggbb'
  createdAt: string;
  updatedAt: string;
}

export interface OverlayList {
  items: OverlayView[];
}

/** The overlays shown on a live (`GET|PUT /v1/live-streams/{id}/overlays`). */
export interface ActiveOverlays {
  overlayIds: string[];
}
