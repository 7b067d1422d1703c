import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { Config } from './config.ts';
import { lazySerializerFactory, lazyValidatorCompiler } from './lib/lazy-compilers.ts';
import { learnRoute, redactingStream, redactUrl } from './lib/log-redaction.ts';
import analytics from './plugins/analytics.ts';
import auth from './plugins/auth.ts';
import background from './plugins/background.ts';
import billing from './plugins/billing.ts';
import consolePlugin from './plugins/console.ts';
import db from './plugins/db.ts';
import errors from './plugins/errors.ts';
import { clientErrorHandler, frameworkErrors } from './plugins/framework-errors.ts';
import { capConnectionsPerAddress, guardBodies, httpServerOptions } from './plugins/http-limits.ts';
import ingest from './plugins/ingest.ts';
import inputGuard from './plugins/input-guard.ts';
import integrations from './plugins/integrations.ts';
import integrationsLive from './plugins/integrations-live.ts';
import jobs from './plugins/jobs.ts';
import mail from './plugins/mail.ts';
import media from './plugins/media.ts';
import metrics from './plugins/metrics.ts';
import multitenancy from './plugins/multitenancy.ts';
import notifiedCaches from './plugins/notified-caches.ts';
import openapi from './plugins/openapi.ts';
import permissions from './plugins/permissions.ts';
import playback from './plugins/playback.ts';
import realtime from './plugins/realtime.ts';
import securityHeaders from './plugins/security-headers.ts';
import uploadCors from './plugins/upload-cors.ts';
import webhooks from './plugins/webhooks.ts';
import webrtc from './plugins/webrtc.ts';
import whep from './plugins/whep.ts';
import whip from './plugins/whip.ts';
import routes from './routes/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

/** Where log lines go instead of stdout (tests read them). */
export interface LogStream {
  write(line: string): void;
}

function loggerOptions(config: Config, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    // Every line goes through the one redaction of secret-bearing URLs on its way out, whatever wrote
    // it: the request line, fastify's own warnings that quote a URL, an error's message and stack
    // (docs/security.md "No secret in the server's log").
    stream: redactingStream(stream ?? process.stdout),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'password',
        'newPassword',
        '*.password',
        '*.newPassword',
        '*.password_hash',
        '*.secret_hash',
        '*.Token',
      ],
      censor: '[Redacted]',
    },
    serializers: {
      req: (request) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}

/**
 * The whole server as a fastify instance, ready for `listen` or `inject`. Plugins load external →
 * application → routes; the database is migrated (and seeded when empty) before it resolves.
 * `logStream` lets tests read the log lines; `onRoute` sees every route as it is added.
 */
export async function buildApp(
  config: Config,
  options: { logStream?: LogStream; onRoute?: (route: RouteOptions) => void } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    bodyLimit: 1024 * 1024,
    // Creating an embedded database (initdb and every migration in WebAssembly) takes seconds on a quiet
    // machine and minutes on a busy one (a 2-core box at load 15 went past 2 minutes): a slow start is
    // not a failed one. The bound only stops a start that hangs (fastify's default is 10 s in total).
    pluginTimeout: 600_000,
    // A URL that does not decode, a too-long path parameter, bytes the HTTP parser refuses: same
    // headers and messages as every other failure.
    frameworkErrors,
    clientErrorHandler,
    // Slow clients are cut, and which address is the client's (docs/security.md).
    ...httpServerOptions(config.httpLimits),
    trustProxy: config.trustProxy,
    // Response serializers are compiled at each route's first response, not at start (memory:
    // lib/lazy-compilers.ts).
    schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory() } },
    // Every route is typed by its TypeBox schemas; the body is checked as sent, query and params are
    // converted from strings first. Validators too are compiled at their route's first request.
  })
    .setValidatorCompiler(lazyValidatorCompiler(TypeBoxValidatorCompiler))
    .withTypeProvider<TypeBoxTypeProvider>();

  app.decorate('config', config);
  // A route parameter named as a secret (lib/log-redaction.ts) is redacted from every log line.
  app.addHook('onRoute', (route) => learnRoute(route.url));
  // Tests walk the whole route table through this (test/no-5xx.test.ts).
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  capConnectionsPerAddress(app.server, config.httpLimits.maxConnectionsPerAddress);
  guardBodies(app.server, config.httpLimits);

  // External: cross-cutting behaviour every later route gets. The route list first, so it sees all.
  await app.register(permissions);
  await app.register(metrics);
  await app.register(securityHeaders);
  await app.register(uploadCors);
  await app.register(errors);
  await app.register(inputGuard);
  await app.register(openapi);
  await app.register(consolePlugin);

  // Application.
  await app.register(background);
  await app.register(db);
  await app.register(notifiedCaches);
  await app.register(auth);
  await app.register(realtime);
  await app.register(multitenancy);
  await app.register(jobs);
  // After the job queue: mails through SMTP are its jobs (docs/operations.md "SMTP down").
  await app.register(mail);
  await app.register(media);
  await app.register(ingest);
  await app.register(webrtc);
  await app.register(whip);
  await app.register(playback);
  await app.register(analytics);
  await app.register(webhooks);
  await app.register(integrations);
  await app.register(integrationsLive);
  await app.register(billing);
  await app.register(whep);

  // Routes.
  await app.register(routes);

  await app.ready();
  return app;
}
