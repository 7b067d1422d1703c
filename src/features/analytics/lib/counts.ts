import { msg, plural } from '@lingui/core/macro';

// As in streaming/lib/counts.ts: Portuguese files 0 under 'one' in CLDR, so each plural has an exact =0.

/** Under a rate: how many views it counts. */
export const viewsCount = (views: number) =>
  msg`${plural(views, { 0: '# visualizações', one: '# visualização', other: '# visualizações' })}`;

/** Under the rebuffer %: the stalls after the first frame. */
export const stallsCount = (stalls: number) =>
  msg`${plural(stalls, { 0: '# travamentos', one: '# travamento', other: '# travamentos' })}`;
