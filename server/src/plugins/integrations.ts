import fp from 'fastify-plugin';
import { googleMeetClient, googleMeetImports } from '../integrations/google-meet.ts';
import { Integrations } from '../integrations/service.ts';
import { zoomClient, zoomImports } from '../integrations/zoom.ts';

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
    const zoom = zoomImports(app);
    for (const provider of ['zoom', 'zoom-multi'] as const) {
      integrations.register({
        provider,
        configured: () => zoomClient(app, provider) !== null,
        oauth: () => zoomClient(app, provider),
        imports: zoom,
      });
    }
    integrations.register({
      provider: 'google-meet',
      configured: () => googleMeetClient(app) !== null,
      oauth: () => googleMeetClient(app),
      imports: googleMeetImports(app),
    });
    await integrations.start();
  },
  { name: 'integrations', dependencies: ['db', 'auth', 'jobs', 'media', 'realtime', 'background'] },
);
