/** The parts of a shaka variant track the quality menu reads. */
export interface VariantTrack {
  id: number;
  active: boolean;
  bandwidth: number;
  height: number | null;
  videoId?: number | null;
  videoCodec?: string | null;
}

export interface QualityOption {
  /** The track id, or 'auto' for adaptive choice. */
  value: string;
  /** Height in lines, or null for the audio-only rendition. */
  height: number | null;
}

/**
 * One option a rendition (the best bandwidth per height), highest first, the audio-only one last when
 * the ladder has it; 'auto' first of all. `playingHeight` is the picture's own height (the video
 * element's): the active track is named by it, so the menu says what plays even when the manifest
 * declared another height or none (docs/playback.md "Quality menu").
 */
export function qualityOptions(tracks: readonly VariantTrack[], playingHeight = 0): QualityOption[] {
  const byHeight = new Map<number | null, VariantTrack>();
  // While an adaptive switch reaches the screen the picture still has the previous rendition's height:
  // a height another track declares is that one's, not a correction of the active track's.
  const declared = new Set(tracks.filter((t) => !t.active).map((t) => t.height));
  const picture = playingHeight > 0 && !declared.has(playingHeight) ? playingHeight : null;
  for (const track of tracks) {
    const audioOnly = !track.height && !track.videoCodec && !track.videoId;
    const height = track.active && picture && !audioOnly ? picture : track.height;
    const key = audioOnly ? null : (height ?? 0);
    const seen = byHeight.get(key);
    if (!seen || track.bandwidth > seen.bandwidth) byHeight.set(key, track);
  }
  const options = [...byHeight.entries()]
    .sort(([a], [b]) => (b ?? -1) - (a ?? -1))
    .map(([height, track]) => ({ value: String(track.id), height }));
  return [{ value: 'auto', height: null }, ...options];
}

/** How many renditions a master playlist declares (its `#EXT-X-STREAM-INF` entries). */
export function declaredRenditions(master: string): number {
  return master.split(/\r?\n/).filter((line) => line.startsWith('#EXT-X-STREAM-INF:')).length;
}

/**
 * Whether the manifest now declares more renditions than the player read when it loaded: a live's
 * player that loaded its manifest while only part of the ladder was listed keeps that part (shaka does
 * not read a live HLS master again), so the page loads it again to offer the whole ladder
 * (docs/playback.md "Quality menu").
 */
export function ladderGrew(master: string, tracks: readonly VariantTrack[]): boolean {
  const known = new Set(tracks.map((t) => t.bandwidth)).size;
  return declaredRenditions(master) > known;
}
