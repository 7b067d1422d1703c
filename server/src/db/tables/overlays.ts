import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ImageExtension } from './streams.ts';

export const OVERLAY_KINDS = ['image', 'text'] as const;
export type OverlayKind = (typeof OVERLAY_KINDS)[number];
export const OVERLAY_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'center'] as const;
export type OverlayPosition = (typeof OVERLAY_POSITIONS)[number];

/** An uploaded overlay image: the random version is part of its public file name. */
export interface OverlayImage {
  version: string;
  ext: ImageExtension;
  size: number;
}

export interface OverlaysTable {
  id: Generated<string>;
  account_id: string;
  name: string;
  kind: OverlayKind;
  text: string | null;
  image: ColumnType<OverlayImage | null, string | null, string | null>;
  position: OverlayPosition;
  width_percent: number;
  color: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface LiveStreamOverlaysTable {
  live_id: string;
  overlay_id: string;
  created_at: Generated<Date>;
}

export type OverlayRow = Selectable<OverlaysTable>;
