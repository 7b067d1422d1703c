import { msg, plural } from '@lingui/core/macro';

/** A folder's card: "Nenhum vídeo", "1 vídeo", "3 vídeos" (an exact =0 form, as CLDR files 0 under
 * 'one' in Portuguese). English takes its forms from the en catalog (src/locales/en/vod.json). */
export const folderVideos = (videos: number) =>
  msg`${plural(videos, { 0: 'Nenhum vídeo', one: '# vídeo', other: '# vídeos' })}`;
