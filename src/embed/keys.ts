/** What a key does in the player (SPEC §2.8; docs/playback.md "The embed player (emb)"): arrows seek 5 s, m
 * mutes, space plays/pauses, f toggles fullscreen. */
export type KeyAction =
  | { kind: 'seek'; by: number }
  | { kind: 'mute' }
  | { kind: 'toggle' }
  | { kind: 'fullscreen' };

export function keyAction(event: {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}): KeyAction | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  switch (event.key) {
    case 'ArrowLeft':
      return { kind: 'seek', by: -5 };
    case 'ArrowRight':
      return { kind: 'seek', by: 5 };
    case 'm':
    case 'M':
      return { kind: 'mute' };
    case ' ':
    case 'Spacebar':
      return { kind: 'toggle' };
    case 'f':
    case 'F':
      return { kind: 'fullscreen' };
    default:
      return null;
  }
}

/** A seek target kept inside what can be played (a live without DVR: the live edge only). */
export function clampSeek(target: number, range: { start: number; end: number }): number {
  return Math.min(Math.max(target, range.start), range.end);
}
