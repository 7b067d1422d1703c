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
 * the ladder has it; 'auto' first of all.
 */
export function qualityOptions(tracks: readonly VariantTrack[]): QualityOption[] {
  const byHeight = new Map<number | null, VariantTrack>();
  for (const track of tracks) {
    const audioOnly = !track.height && !track.videoCodec && !track.videoId;
    const key = audioOnly ? null : (track.height ?? 0);
    const seen = byHeight.get(key);
    if (!seen || track.bandwidth > seen.bandwidth) byHeight.set(key, track);
  }
  const options = [...byHeight.entries()]
    .sort(([a], [b]) => (b ?? -1) - (a ?? -1))
    .map(([height, track]) => ({ value: String(track.id), height }));
  return [{ value: 'auto', height: null }, ...options];
}
