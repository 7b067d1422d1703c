import type { Stream } from '../api/stream';
import { removeBanner, uploadBanner } from '../api/upload-banner';
import { UPLOAD_KINDS } from '../lib/images';
import type { Banners } from './event-step';

/** Uploads (or removes) the banners and the studio background picked in the wizard once the stream is
 * saved. Every one is tried; the answer says whether all of them went through, and carries the stream
 * as the last image call left it (undefined when none was made or none succeeded), so the console shows
 * the new images at once. */
export async function saveBanners(
  liveId: string,
  banners: Banners,
): Promise<{ ok: boolean; stream?: Stream }> {
  let ok = true;
  let stream: Stream | undefined;
  for (const kind of UPLOAD_KINDS) {
    const draft = banners[kind];
    try {
      if (draft?.file) stream = await uploadBanner(liveId, kind, draft.file);
      else if (draft?.remove) stream = await removeBanner(liveId, kind);
    } catch {
      ok = false;
    }
  }
  return { ok, stream };
}
