import { removeBanner, uploadBanner } from '../api/upload-banner';
import { BANNER_KINDS } from '../lib/images';
import type { Banners } from './event-step';

/** Uploads (or removes) the banners picked in the wizard once the stream is saved. Every one is tried;
 * the answer says whether all of them went through. */
export async function saveBanners(liveId: string, banners: Banners): Promise<boolean> {
  let ok = true;
  for (const kind of BANNER_KINDS) {
    const draft = banners[kind];
    try {
      if (draft?.file) await uploadBanner(liveId, kind, draft.file);
      else if (draft?.remove) await removeBanner(liveId, kind);
    } catch {
      ok = false;
    }
  }
  return ok;
}
