import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findStream } from '../../db/repositories/streams.ts';
import { ApiError } from '../../lib/errors.ts';
import { accountOf } from '../../plugins/caller.ts';

/** A time in the analytics queries (`from`, `to`). */
export const Epoch = Type.Integer({
  minimum: 0,
  maximum: 9_999_999_999_999,
  description: 'Epoch milliseconds',
});

/** The live of the call's team, or 404 (another team's live included). */
export async function liveOf(app: FastifyInstance, request: FastifyRequest, id: string) {
  const accountId = accountOf(request);
  const row = await findStream(app.db, accountId, id.toLowerCase());
  if (!row) throw new ApiError(404, 'streamNotFound');
  return { accountId, row };
}
