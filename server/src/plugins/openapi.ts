import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';

/**
 * Collects every route's TypeBox schemas into an OpenAPI document. Registered before the routes so it
 * sees them; the document is served by routes/docs.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: `${app.config.productName} API`,
          description: 'The API of the admin console. The contract in prose is docs/api.md.',
          version: '0.1.0',
        },
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
      },
    });
  },
  { name: 'openapi' },
);
