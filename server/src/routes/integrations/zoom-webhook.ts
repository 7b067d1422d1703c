import type { FastifyPluginAsync } from 'fastify';
import { connectionsOfExternal } from '../../db/repositories/integrations.ts';
import { errors } from '../../http/schemas.ts';
import { str } from '../../integrations/http.ts';
import { zoomSignatureValid, zoomUrlValidation } from '../../integrations/zoom.ts';
import { activityOf } from '../../lib/activity.ts';
import { ApiError } from '../../lib/errors.ts';
import { tags } from './schemas.ts';

/** Zoom's notifications are small; anything larger is not one. */
const MAX_BODY = 64 * 1024;

/**
 * `POST /bff/zoom/webhook`: the Zoom app's event notification endpoint (docs/integrations.md). Every
 * request must carry a valid `x-zm-signature` over the raw body and a timestamp within 5 minutes;
 * `endpoint.url_validation` is answered with the challenge, `app_deauthorized` marks the user's
 * connections (every team's, both cards) deauthorized.
 */
const zoomWebhook: FastifyPluginAsync = async (app) => {
  // The signature covers the exact bytes: this route keeps the body as text.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_BODY }, (_r, body, done) =>
    done(null, body),
  );

  app.post(
    '/bff/zoom/webhook',
    {
      config: { permission: 'public' },
      bodyLimit: MAX_BODY,
      schema: {
        tags,
        summary: "Zoom's signed event notifications (deauthorization, URL validation)",
        response: { ...errors(400, 401, 404, 415) },
      },
    },
    async (request, reply) => {
      const secret = app.config.integrations.zoom.webhookSecretToken;
      if (!secret) throw new ApiError(404, 'integrationNotConfigured', { params: { provider: 'Zoom' } });
      const raw = typeof request.body === 'string' ? request.body : '';
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const valid = zoomSignatureValid(
        secret,
        { signature: header('x-zm-signature'), timestamp: header('x-zm-request-timestamp') },
        raw,
        Math.floor(Date.now() / 1000),
      );
      if (!valid) throw new ApiError(401, 'integrationWebhookSignature');
      let event: unknown;
      try {
        event = JSON.parse(raw);
      } catch {
        throw new ApiError(400, 'invalidBody');
      }
      const name = str(event, 'event');
      const payload = (event as { payload?: unknown }).payload;
      if (name === 'endpoint.url_validation') {
        const plainToken = str(payload, 'plainToken');
        if (!plainToken || plainToken.length > 256) throw new ApiError(400, 'badRequest');
        return reply.code(200).send(zoomUrlValidation(secret, plainToken));
      }
      if (name === 'app_deauthorized') {
        const userId = str(payload, 'user_id');
        if (userId) {
          for (const connection of await connectionsOfExternal(app.db, ['zoom', 'zoom-multi'], userId))
            await app.integrations.markDeauthorized(connection, activityOf(request));
        }
      }
      return reply.code(200).send({});
    },
  );
};

export default zoomWebhook;
