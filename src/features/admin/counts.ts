import { msg, plural } from '@lingui/core/macro';

// As in streaming/lib/counts.ts: Portuguese files 0 under 'one' in CLDR, so each plural has an exact =0.

export const permissionsCount = (n: number) =>
  msg`${plural(n, { 0: '# permissões', one: '# permissão', other: '# permissões' })}`;

export const usersCount = (n: number) =>
  msg`${plural(n, { 0: '# usuários', one: '# usuário', other: '# usuários' })}`;
