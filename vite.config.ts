/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { SERVER_API_ROOTS, SERVER_PAGE_ROOTS, serverRootOf } from './contract/server-paths.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
// A new build id busts the persisted query cache (its shapes may have changed).
const buildId = `${pkg.version}-${Date.now().toString(36)}`;

/** index.html and its module (src/boot.ts) stay out of the app chunk: they load before it. */
const BOOT = /(\/index\.html|\/src\/boot\.ts)$/;
/** The embed player's page (embed.html, src/embed/): viewers load it, never the console's chunks. */
const EMBED = /(\/embed\.html|\/src\/embed\/)/;
const LINGUI_RUNTIME = /\/node_modules\/(@lingui\/core|@lingui\/message-utils|unraw)\//;
/** The classroom's pages (classroom.html, src/classroom/): viewers load them, never the console's app chunk. */
const CLASSROOM = /(\/classroom\.html|\/src\/classroom\/)/;
/** The browser studio's pages (studio.html, src/studio/): presenters and guests, never the console's app chunk. */
const STUDIO = /(\/studio\.html|\/src\/studio\/)/;
/** Modules outside the viewer pages' folders that they import (their locale picker; the page-origin rule
 * the embed shares with the server): in the app group they would bring the console's app chunk, which
 * renders the console, into the embed, classroom and studio pages. */
const VIEWER_SHARED = /(\/src\/lib\/entry-locale\.ts|\/contract\/origin\.ts)$/;
/** React (and Lingui's React bindings), shared by the console and the classroom. */
const REACT = /\/node_modules\/(react|react-dom|scheduler|@lingui\/react)\//;

/** Files of the built viewer pages (embed.html, classroom.html, studio.html) that the console never loads: the
 * static and dynamic closure of the viewer entries minus the console's (dist/.vite/manifest.json). */
function viewerOnlyFiles(): Set<string> {
  type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] };
  const manifest = JSON.parse(
    readFileSync(new URL('./dist/.vite/manifest.json', import.meta.url), 'utf8'),
  ) as Record<string, Chunk>;
  const closure = (keys: string[]) => {
    const files = new Set<string>();
    const seen = new Set<string>();
    const stack = [...keys];
    while (stack.length > 0) {
      const key = stack.pop()!;
      const chunk = manifest[key];
      if (seen.has(key) || !chunk) continue;
      seen.add(key);
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      stack.push(...(chunk.imports ?? []), ...(chunk.dynamicImports ?? []));
    }
    return files;
  };
  const console_ = closure(['index.html', 'src/main.tsx']);
  return new Set(
    [...closure(['embed.html', 'classroom.html', 'studio.html'])].filter((f) => !console_.has(f)),
  );
}

/** `npm run dev`: the viewers' and presenters' pages (/embed/…, /classroom…, /studio/…) get their own HTML
 * entry, as the server answers them in production, not the console's index.html (contract/server-paths.ts). */
function serverPagesInDev(): Plugin {
  return {
    name: 'palco-server-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const root = req.url ? serverRootOf(req.url) : undefined;
        const entry = root ? SERVER_PAGE_ROOTS[root as keyof typeof SERVER_PAGE_ROOTS] : undefined;
        if (entry && (req.headers.accept ?? '').includes('text/html')) req.url = `/${entry}`;
        next();
      });
    },
  };
}

/** What the embed player's page needs before its first frame, listed in embed.html as
 * <link rel=modulepreload> so that the browser asks for all of it at once instead of discovering it one
 * import level at a time (docs/playback.md "Startup time"): the entry's static imports, transitively, and
 * the lazy modules the page asks for as it starts (shaka's HLS build, telemetry, the two catalogues, the
 * WebRTC client and the live channel with its backoff: those two were a level of their own on the way to
 * the offer). The
 * console keeps `modulePreload: false` (see build below); this is for embed.html alone. */
const EMBED_START =
  /(shaka-player\.hls-es2021\.js|\/src\/embed\/(telemetry|whep|channel)\.ts|\/src\/locales\/[^/]+\/embed\.po)$/;
/** Start modules only one kind of start needs, marked `data-for` so that the server drops the link from
 * a page whose rendered playback answer says it will not use them (server/src/plugins/embed-pages.ts
 * `withAnswer`, docs/playback.md "Startup time: the answer in the page"): shaka's build (HLS), the
 * WebRTC client (WHEP), the live channel and its backoff (a live). */
const EMBED_START_FOR: [RegExp, string][] = [
  [/shaka-player\.hls-es2021\.js$/, 'hls'],
  [/\/src\/embed\/whep\.ts$/, 'whep'],
  [/\/src\/embed\/channel\.ts$/, 'live'],
];
function embedModulePreload(): Plugin {
  return {
    name: 'palco-embed-modulepreload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle || !ctx.chunk || !ctx.filename.endsWith('embed.html')) return;
        const bundle = ctx.bundle;
        const files = new Set<string>();
        const add = (file: string) => {
          const chunk = bundle[file];
          if (files.has(file) || !chunk || chunk.type !== 'chunk') return;
          files.add(file);
          for (const dep of chunk.imports) add(dep);
        };
        for (const dep of ctx.chunk.imports) add(dep);
        // shaka's build is imported by a shared chunk (src/embed/shaka.ts), not by the entry itself.
        const lazy = [ctx.chunk, ...[...files].map((f) => bundle[f])].flatMap((c) =>
          c?.type === 'chunk' ? c.dynamicImports : [],
        );
        for (const dep of lazy) {
          const chunk = bundle[dep];
          if (chunk?.type === 'chunk' && chunk.facadeModuleId && EMBED_START.test(chunk.facadeModuleId))
            add(dep);
        }
        const forOf = (file: string) => {
          const chunk = bundle[file];
          const id = chunk?.type === 'chunk' ? (chunk.facadeModuleId ?? '') : '';
          return EMBED_START_FOR.find(([test]) => test.test(id))?.[1];
        };
        return [...files].map((file) => {
          const only = forOf(file);
          return {
            tag: 'link',
            attrs: {
              rel: 'modulepreload',
              crossorigin: true,
              href: `/${file}`,
              ...(only ? { 'data-for': only } : {}),
            },
            injectTo: 'head' as const,
          };
        });
      },
    },
  };
}

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
    __BUILD_ID__: JSON.stringify(buildId),
  },
  resolve: {
    alias: [
      { find: '@contract', replacement: fileURLToPath(new URL('./contract', import.meta.url)) },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    ],
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        defaultBehavior: [
          ['loader'],
          ['component'],
          ['pendingComponent'],
          ['errorComponent'],
          ['notFoundComponent'],
        ],
      },
    }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    vanillaExtractPlugin(),
    serverPagesInDev(),
    embedModulePreload(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        globIgnores: ['embed.html', 'classroom.html', 'studio.html', '**/lighthouse/**'],
        // What only the viewers' pages load (their entries and what they alone import), the player and
        // chart libraries, found from the build manifest rather than by name: a console chunk may be
        // called `classroom-…` too (the classroom editor) and must work offline.
        manifestTransforms: [
          async (entries) => {
            const viewerOnly = viewerOnlyFiles();
            return {
              manifest: entries.filter(
                (e) =>
                  !viewerOnly.has(e.url) && !/(^|\/)(shaka|uplot|uPlot|vast-client)[^/]*\.js$/.test(e.url),
              ),
              warnings: [],
            };
          },
        ],
      },
    }),
  ],
  server: {
    // Every path the API server answers (contract/server-paths.ts) goes to `npm run dev:server`; as
    // patterns, so that the console's own /api-keys is not taken for /api.
    proxy: Object.fromEntries(
      SERVER_API_ROOTS.map((root) => [
        `^${root}(?:[/?#]|$)`,
        { target: 'http://localhost:8080', ws: root === '/ws' },
      ]),
    ),
  },
  // The manifest lets bench/run.ts compute each route's first-load JS from the module graph.
  build: {
    target: 'es2022',
    sourcemap: false,
    // No <link rel=modulepreload> per dependency of a lazy route: on the signed-in first load the
    // router's route chunks inserted ~50 of them in one task (~200 ms of main thread at Lighthouse's 4x
    // CPU slowdown), and the browser finds the same files from the imports a moment later.
    // docs/decisions.md "Session 11 Lighthouse" has the measurements.
    modulePreload: false,
    manifest: true,
    rolldownOptions: {
      // index.html loads src/boot.ts, which imports src/main.tsx once the splash has painted; main is an
      // entry of its own so that its static imports are '$initial' and make up the app chunk below.
      input: {
        index: 'index.html',
        main: 'src/main.tsx',
        embed: 'embed.html',
        classroom: 'classroom.html',
        studio: 'studio.html',
      },
      output: {
        // Two rules; the rest is Rolldown's own splitting (a chunk per lazy route and shared parts).
        codeSplitting: {
          groups: [
            // Vite's dynamic-import helpers: shared by the boot module and the app, a tiny chunk of
            // their own so that the boot module does not import the app chunk (and run it before the
            // splash has painted). Lingui's runtime joins them: the embed player shares it with the
            // console, and in this chunk (which every page loads anyway) the player page never loads
            // the console's app chunk, at no extra request for the console.
            {
              name: 'preload',
              test: (id: string) => /^\0vite\/(module)?preload/.test(id) || LINGUI_RUNTIME.test(id),
              priority: 2,
            },
            // React, shared by the console and the classroom: a chunk of its own, so that the classroom's
            // page never loads the console's app chunk (nor its global styles).
            { name: 'react', test: REACT, priority: 2 },
            // What the app needs before its first render, in one chunk: fewer requests and one gzip
            // dictionary instead of many tiny shared chunks.
            // The viewers' pages' own modules stay out of it.
            {
              name: 'app',
              tags: ['$initial'],
              test: (id: string) =>
                !BOOT.test(id) &&
                !EMBED.test(id) &&
                !CLASSROOM.test(id) &&
                !STUDIO.test(id) &&
                !VIEWER_SHARED.test(id),
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
