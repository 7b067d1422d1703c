import { type Static, Type } from '@fastify/type-provider-typebox';
import type * as Contract from '../../../../contract/overlays.ts';
import { OVERLAY_KINDS, OVERLAY_POSITIONS } from '../../db/tables/overlays.ts';
import { Nullable, OverlayKind, OverlayPosition, Name as PlainName, Uuid } from '../../http/schemas.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';

export const MAX_NAME = 80;
export const MAX_TEXT = 200;

const Position = Type.Union(
  OVERLAY_POSITIONS.map((p) => Type.Literal(p)),
  { description: 'Where it sits over the player' },
);
const Width = Type.Integer({ minimum: 5, maximum: 100, description: 'Width, % of the player width' });
const Color = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: 'Text colour #rrggbb' });
const OverlayName = PlainName({ minLength: 1, maxLength: MAX_NAME, pattern: '\\S' });
const Text = Type.String({ minLength: 1, maxLength: MAX_TEXT, pattern: '\\S' });

export const AccountParams = Type.Object({ accountId: Uuid });
export const OverlayParams = Type.Object({ accountId: Uuid, overlayId: Uuid });
export const LiveParams = Type.Object({ id: Uuid });

export const NewOverlay = Type.Object(
  {
    name: OverlayName,
    kind: Type.Union(OVERLAY_KINDS.map((k) => Type.Literal(k))),
    text: Type.Optional(Nullable(Text)),
    position: Position,
    widthPercent: Width,
    color: Type.Optional(Nullable(Color)),
  },
  { additionalProperties: false },
);

export const OverlayChanges = Type.Object(
  {
    name: Type.Optional(OverlayName),
    text: Type.Optional(Nullable(Text)),
    position: Type.Optional(Position),
    widthPercent: Type.Optional(Width),
    color: Type.Optional(Nullable(Color)),
  },
  { additionalProperties: false, minProperties: 1 },
);

/** An overlay as the console sees it: the viewer's shape plus its name and dates. */
// kind and position are answered as the lists they are (http/schemas.ts, shared with the players'
// answer): a plain string here let a value outside them through the contract check unseen.
export const OverlayView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  kind: OverlayKind,
  text: Nullable(Type.String()),
  imageUrl: Nullable(Type.String()),
  position: OverlayPosition,
  widthPercent: Type.Integer(),
  color: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

export const OverlayList = Type.Object({ items: Type.Array(OverlayView) });

export const ActiveSet = Type.Object(
  { overlayIds: Type.Array(Uuid, { maxItems: 10, uniqueItems: true }) },
  { additionalProperties: false },
);
export const ActiveView = Type.Object({ overlayIds: Type.Array(Type.String()) });

// The answers equal contract/overlays.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type OverlayViewMatchesContract = Expect<Equal<Static<typeof OverlayView>, Contract.OverlayView>>;
export type OverlayListMatchesContract = Expect<Equal<Static<typeof OverlayList>, Contract.OverlayList>>;
export type ActiveViewMatchesContract = Expect<Equal<Static<typeof ActiveView>, Contract.ActiveOverlays>>;
