import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

// Only starts listening: everything else is in app.ts, which the tests drive through `inject`.
const config = loadConfig();
const app = await buildApp(config);

/** How long a stopping instance lets requests in flight (an upload chunk) finish (docs/operations.md
 * "SIGTERM"): below the 30 s a service manager (systemd, Docker) waits before it kills. */
const DRAIN_MS = 25_000;
/** The close code sent to websockets when the instance stops: 1012 "service restart". The console
 * and the viewers' channel reconnect after any code but 4401/4403, and through the proxy they reach
 * another instance (docs/realtime.md "Close codes"). */
const CLOSE_RESTART = 1012;

let draining = false;
// While draining, answers end their connection: the proxy's kept-alive connections to this instance
// are not reused, so the proxy's next requests go to another instance.
app.server.prependListener('request', (_request, response) => {
  if (draining) response.setHeader('connection', 'close');
});

/**
 * Stops taking requests at once (the listening socket is closed: the proxy's new connections are
 * refused and it moves to another instance), closes websockets with CLOSE_RESTART, waits up to
 * DRAIN_MS for the requests in flight, then closes the app (job queue, database) and exits 0.
 * Fastify's own close would answer 503 to new requests on kept-alive connections while its preClose
 * hooks run (the job queue's stop waits up to 10 s), which the proxy passes on to users.
 */
async function drain(signal: string): Promise<void> {
  draining = true;
  const started = Date.now();
  app.log.info({ signal }, 'shutting down: no new requests');
  const closed = new Promise<void>((resolve) => app.server.close(() => resolve()));
  for (const client of app.websocketServer?.clients ?? []) client.close(CLOSE_RESTART, 'server restart');
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'bound'>((resolve) => {
    timer = setTimeout(() => resolve('bound'), DRAIN_MS);
  });
  if ((await Promise.race([closed, bound])) === 'bound') {
    app.log.warn({ ms: DRAIN_MS }, 'shutdown: requests still in flight after the bound are cut');
    app.server.closeAllConnections();
    for (const client of app.websocketServer?.clients ?? []) client.terminate();
  }
  clearTimeout(timer);
  app.log.info({ ms: Date.now() - started }, 'shutdown: requests drained');
  await app.close();
  app.log.info({ ms: Date.now() - started }, 'shut down');
}

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    drain(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  app.log.fatal({ err: error }, 'could not listen');
  await app.close();
  process.exit(1);
}

// One full collection once started (where `--expose-gc` allows it: bin/serve): the start's garbage
// (migrations, building the route table) goes now, not with the first load, so an idle server holds
// what it uses; what bounds the heap under load is bin/serve's `--heap-growing-percent` (docs/server.md
// "Memory", "When V8 collects").
globalThis.gc?.();
