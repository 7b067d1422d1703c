import fp from 'fastify-plugin';
import { Integrations } from '../integrations/service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    integrations: Integrations;
  }
}

/**
 * Third-party integrations (docs/integrations.md): the engine (sealed tokens, imports as jobs) with
 * each provider's definition registered on it. Their routes live in routes/integrations.
 */
export default fp(
  async (app) => {
    const integrations = new Integrations(app);
    app.decorate('integrations', integrations);
    await integrations.start();
  },
  { name: 'integrations', dependencies: ['db', 'auth', 'jobs', 'media', 'realtime', 'background'] },
);
