import { enums, type Infer, integer, nullable, string, type } from 'superstruct';
import { session } from '@/lib/session';

export const POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'center'] as const;
export type OverlayPosition = (typeof POSITIONS)[number];

/** An overlay as docs/classroom.md "Overlays" describes it. */
export const OverlayStruct = type({
  id: string(),
  name: string(),
  kind: enums(['image', 'text'] as const),
  text: nullable(string()),
  imageUrl: nullable(string()),
  position: enums(POSITIONS),
  widthPercent: integer(),
  color: nullable(string()),
  createdAt: string(),
  updatedAt: string(),
});
export type OverlayItem = Infer<typeof OverlayStruct>;

/** The selected team: the overlay calls name it in the path. */
export const teamId = () => session.get().user?.selectedTeamId ?? '';

export const overlaysKey = (...rest: unknown[]) => ['overlays', teamId(), ...rest];

export const overlaysPath = (suffix = '') => `/v1/accounts/${encodeURIComponent(teamId())}/overlays${suffix}`;
