import { existsSync } from 'node:fs';
import { basename, join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isServerPath } from '../../../contract/server-paths.ts';
import { langOf, t } from '../lib/i18n.ts';
import { registerClassroomPages } from './classroom-pages.ts';
import { sendError } from './errors.ts';
import { registerStudioPages } from './studio-pages.ts';

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The compressed siblings `npm run build` writes next to each file (scripts/compress-dist.mjs). */
const ENCODED = /\.(?:br|gz)$/;

function cacheControlFor(root: string, served: string): string {
  const path = served.replace(ENCODED, '');
  if (basename(path) === 'sw.js') return 'no-cache';
  const inRoot = path.startsWith(root) ? path.slice(root.length) : path;
  // Vite puts content-hashed file names under /assets/: a new build means new names.
  if (inRoot.startsWith(`${sep}assets${sep}`)) return IMMUTABLE;
  // sw.js, index.html, the manifest, icons: always revalidated so a new build is picked up at once.
  return 'no-cache';
}

/**
 * Serves the built console from STATIC_DIR (when it exists), compressed when the build left a .br or
 * .gz sibling and the client accepts it, and answers every GET for an HTML page that
 * is not under a path the server answers itself (contract/server-paths.ts) with index.html, so that client-side routes survive a reload. Everything else
 * unknown is a JSON 404.
 */
export default fp(
  async (app) => {
    const root = app.config.staticDir;
    const hasConsole = existsSync(join(root, 'index.html'));
    if (hasConsole) {
      await app.register(fastifyStatic, {
        root,
        prefix: '/',
        wildcard: true,
        index: 'index.html',
        dotfiles: 'ignore',
        cacheControl: false,
        // Brotli or gzip siblings written at build time, chosen by Accept-Encoding (Vary is set).
        preCompressed: true,
        setHeaders: (reply: FastifyReply, path: string) => {
          reply.header('cache-control', cacheControlFor(root, path));
        },
      });
      // The player's pages (/embed/…) are answered by routes/playback/embed-page.ts: they carry the
      // playback answer (docs/playback.md "Startup time: the answer in the page").
    } else {
      app.log.info({ staticDir: root }, 'no built console found: serving the API only');
    }

    if (hasConsole && existsSync(join(root, 'classroom.html'))) registerClassroomPages(app);
    if (hasConsole && existsSync(join(root, 'studio.html'))) registerStudioPages(app);

    app.setNotFoundHandler(async (request, reply) => {
      const isPage = request.method === 'GET' || request.method === 'HEAD';
      // Under a path the server answers itself (its APIs and media, /docs, the viewers' and presenters'
      // pages), an unknown path is the server's 404, never the console: the console's service worker
      // reads the same list (docs/routes.md "Server pages and the service worker"), so a browser with
      // the console installed and one without see the same answer.
      if (hasConsole && isPage && acceptsHtml(request) && !isServerPath(request.url)) {
        reply.header('cache-control', 'no-cache');
        return reply.sendFile('index.html');
      }
      return sendError(reply, 404, t(langOf(request), 'notFound'));
    });
  },
  { name: 'console' },
);
