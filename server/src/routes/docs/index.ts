import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Type } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';

/** The files of swagger-ui-dist the page loads, with their types. Nothing else of the folder is served. */
const ASSETS = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
} as const;
type Asset = keyof typeof ASSETS;

const UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

// The page's own script is a file, not inline: the CSP allows scripts from 'self' only.
const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/docs/json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    persistAuthorization: false,
    tryItOutEnabled: false,
  });
});
`;

const page = (title: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" type="image/png" href="/docs/static/favicon-32x32.png">
<link rel="stylesheet" href="/docs/static/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/static/swagger-ui-bundle.js"></script>
<script src="/docs/static/init.js"></script>
</body>
</html>
`;

/**
 * The OpenAPI document at /docs/json, and at /docs the reference page rendered by Swagger UI
 * (swagger-ui-dist, served from node_modules, gzipped once in memory: the bundle is 1.4 MB).
 */
const docsRoutes: FastifyPluginAsync = async (app) => {
  const document = () => app.swagger();
  const html = page(`${app.config.productName} API reference`);
  const gzipped = new Map<Asset, Promise<{ raw: Buffer; gz: Buffer }>>();
  const asset = (name: Asset) => {
    let loaded = gzipped.get(name);
    if (!loaded) {
      loaded = readFile(join(UI_DIR, name)).then((raw) => ({ raw, gz: gzipSync(raw) }));
      gzipped.set(name, loaded);
    }
    return loaded;
  };

  app.get('/docs/json', { config: { permission: 'public' }, schema: { hide: true } }, async () => document());
  app.get('/docs', { config: { permission: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html),
  );
  app.get('/docs/static/init.js', { config: { permission: 'public' }, schema: { hide: true } }, (_r, reply) =>
    reply.type(ASSETS['swagger-ui-bundle.js']).header('cache-control', 'no-cache').send(INIT),
  );
  app.get(
    '/docs/static/:file',
    {
      config: { permission: 'public' },
      schema: {
        hide: true,
        params: Type.Object({ file: Type.Union(Object.keys(ASSETS).map((name) => Type.Literal(name))) }),
      },
    },
    async (request, reply) => {
      const name = (request.params as { file: Asset }).file;
      const { raw, gz } = await asset(name);
      const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      reply
        .type(ASSETS[name])
        .header('cache-control', 'public, max-age=86400')
        .header('vary', 'accept-encoding');
      return gzip ? reply.header('content-encoding', 'gzip').send(gz) : reply.send(raw);
    },
  );
};

export default docsRoutes;
