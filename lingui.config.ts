import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

const PAGES = [
  '<rootDir>/src/features/streaming',
  '<rootDir>/src/features/vod',
  '<rootDir>/src/features/records',
  '<rootDir>/src/features/billing',
  '<rootDir>/src/features/account',
  '<rootDir>/src/features/admin',
  '<rootDir>/src/features/api-keys',
  '<rootDir>/src/features/webhooks',
  '<rootDir>/src/features/dashboard',
  '<rootDir>/src/features/overlays',
  '<rootDir>/src/features/analytics',
  '<rootDir>/src/features/support',
  '<rootDir>/src/features/vod-analytics',
  '<rootDir>/src/features/integrations',
];
const EMBED = '<rootDir>/src/embed';
/** The classroom's pages (classroom.html) load only their own texts. */
const CLASSROOM = '<rootDir>/src/classroom';
/** The browser studio's pages (studio.html) load only their own texts. */
const STUDIO = '<rootDir>/src/studio';

export default defineConfig({
  sourceLocale: 'pt-BR',
  locales: ['pt-BR', 'en'],
  fallbackLocales: { default: 'pt-BR' },
  // Two catalogues a locale: what every page needs (sign-in, shell, common parts) and the texts of the
  // console's pages (every feature but sign-in and the shell), loaded before the first signed-in page
  // (src/lib/i18n.ts), so the sign-in page never downloads them.
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['src'],
      exclude: [...PAGES, EMBED, CLASSROOM, STUDIO].map((dir) => `${dir}/**`),
    },
    { path: '<rootDir>/src/locales/{locale}/pages', include: PAGES },
    // The embed player's page (embed.html) loads only its own texts.
    { path: '<rootDir>/src/locales/{locale}/embed', include: [EMBED] },
    { path: '<rootDir>/src/locales/{locale}/classroom', include: [CLASSROOM] },
    { path: '<rootDir>/src/locales/{locale}/studio', include: [STUDIO] },
  ],
  // Gettext PO, as before Lingui 6 made the formatter a package of its own (its defaults: origins
  // with line numbers).
  format: formatter(),
});
