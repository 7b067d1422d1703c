import { type Infer, integer, nullable, number, optional, string, type } from 'superstruct';
import { session } from '@/lib/session';

/** Every support query is the selected team's: a team switch never shows another team's answers. */
export const supportKey = (...parts: unknown[]) => [
  'support',
  session.get().user?.selectedTeamId ?? null,
  ...parts,
];

/** One view (one playback session) as support staff see it: no address, only what the player and the
 * enrichment told (docs/analytics.md "Customer support"). `status`, `os`… are kept as text: a value
 * newer than this console shows as it came. */
export const ViewStruct = type({
  id: string(),
  viewerId: string(),
  startedAt: string(),
  endedAt: nullable(string()),
  status: string(),
  device: nullable(string()),
  os: nullable(string()),
  browser: nullable(string()),
  country: nullable(string()),
  state: nullable(string()),
  city: nullable(string()),
  networkProvider: nullable(string()),
  cdn: nullable(string()),
  rendition: optional(nullable(string())),
  startupMs: nullable(number()),
  watchMs: number(),
  rebufferMs: number(),
  rebufferCount: integer(),
  error: nullable(string()),
});
export type View = Infer<typeof ViewStruct>;
