import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs work after the answer has gone out; failures are logged, never thrown at the client. */
    runInBackground(label: string, task: () => Promise<void>): void;
    /** Resolves when every background task started so far has finished (tests, shutdown). */
    backgroundIdle(): Promise<void>;
  }
}

export default fp(
  async (app) => {
    const pending = new Set<Promise<void>>();

    app.decorate('runInBackground', (label: string, task: () => Promise<void>) => {
      const run = Promise.resolve()
        .then(task)
        .catch((error: unknown) => app.log.error({ err: error, task: label }, 'background task failed'))
        .finally(() => pending.delete(run));
      pending.add(run);
    });

    app.decorate('backgroundIdle', async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    });

    // preClose runs before every onClose hook: pending work finishes while the database is still open.
    app.addHook('preClose', async () => {
      await app.backgroundIdle();
    });
  },
  { name: 'background' },
);
