import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import type { Directory, DirectorySettings } from '../../../../contract/videos.ts';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import {
  createDirectory,
  type DirectoryView,
  directoryBytes,
  directoryPath,
  findDirectory,
  listDirectories,
} from '../../db/repositories/directories.ts';
import { AccountIdQuery, bearer, errors, Name, Nullable, Uuid } from '../../http/schemas.ts';
import { activityOf, toRecord } from '../../lib/activity.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { ApiError } from '../../lib/errors.ts';
import { MAX_IMAGE_BYTES } from '../../media/images.ts';
import { uploadBase, VOD, workingAccount } from './common.ts';

const DirectorySchema = Type.Object({
  id: Uuid,
  accountId: Uuid,
  name: Type.String(),
  parentId: Nullable(Uuid),
  videoCount: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
});

const DirectorySettingsSchema = Type.Object({
  id: Uuid,
  accountId: Uuid,
  name: Type.String(),
  parentId: Nullable(Uuid),
  path: Type.Array(Type.Object({ id: Uuid, name: Type.String() })),
  videoCount: Type.Integer(),
  totalBytes: Type.Integer(),
  uploadUrl: Type.String(),
  maxThumbnailBytes: Type.Integer(),
  imageFormats: Type.Array(Type.String()),
  subtitleFormats: Type.Array(Type.String()),
});

// The answers equal contract/videos.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type DirectoryMatchesContract = Expect<Equal<Static<typeof DirectorySchema>, Directory>>;
export type DirectorySettingsMatchesContract = Expect<
  Equal<Static<typeof DirectorySettingsSchema>, DirectorySettings>
>;

const view = (d: DirectoryView) => ({ ...d, createdAt: d.createdAt.toISOString() });

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown })?.code === '23505';
}

const directoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/directories',
    {
      config: { permission: VOD },
      schema: {
        tags: ['videos'],
        summary:
          "The account's folders: children of parentId, top level by default, or all; search filters by name",
        security: bearer,
        querystring: Type.Object({
          ...AccountIdQuery.properties,
          parentId: Type.Optional(
            Type.Union([Uuid, Type.Literal('all')], { description: 'a folder id, or all' }),
          ),
          search: Type.Optional(
            Type.String({
              maxLength: 100,
              description: 'part of the name, any case, with or without accents',
            }),
          ),
        }),
        response: { 200: Type.Array(DirectorySchema), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const account = await workingAccount(request);
      const parent = request.query.parentId;
      const rows = await listDirectories(
        app.db,
        account.id,
        parent === undefined ? null : parent === 'all' ? 'all' : parent.toLowerCase(),
        request.query.search?.trim() || undefined,
      );
      return rows.map(view);
    },
  );

  app.post(
    '/v1/directories',
    {
      config: { permission: VOD, blocked: 'accountBlockedVideos' },
      schema: {
        tags: ['videos'],
        summary: 'Creates a folder',
        security: bearer,
        querystring: AccountIdQuery,
        body: Type.Object({
          name: Name({ minLength: 1, maxLength: 120 }),
          parentId: Type.Optional(Nullable(Uuid)),
        }),
        response: { 201: DirectorySchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const account = await workingAccount(request);
      const name = request.body.name.trim();
      if (!name) throw new ApiError(400, 'required', { field: 'name' });
      const parentId = request.body.parentId?.toLowerCase() ?? null;
      if (parentId && !(await findDirectory(app.db, account.id, parentId))) {
        throw new ApiError(404, 'directoryNotFound');
      }
      try {
        const created = await app.db.transaction().execute(async (trx) => {
          const directory = await createDirectory(trx, { accountId: account.id, parentId, name });
          await recordActivity(trx, {
            ...activityOf(request),
            accountId: account.id,
            event: 'PASTA_CRIADA',
            identifier: directory.id,
            record: toRecord({ name, parentId }),
          });
          return directory;
        });
        return reply.code(201).send(view(created));
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(409, 'directoryExists', { field: 'name' });
        throw error;
      }
    },
  );

  app.get(
    '/v1/directories/:id',
    {
      config: { permission: VOD },
      schema: {
        tags: ['videos'],
        summary: 'One folder',
        security: bearer,
        params: Type.Object({ id: Uuid }),
        querystring: AccountIdQuery,
        response: { 200: DirectorySchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const account = await workingAccount(request);
      const directory = await findDirectory(app.db, account.id, request.params.id.toLowerCase());
      if (!directory) throw new ApiError(404, 'directoryNotFound');
      return view(directory);
    },
  );

  app.get(
    '/v1/directories/:id/settings',
    {
      config: { permission: VOD },
      schema: {
        tags: ['videos'],
        summary: 'A folder with what the upload dialog and the folder header need',
        security: bearer,
        params: Type.Object({ id: Uuid }),
        querystring: AccountIdQuery,
        response: {
          200: DirectorySettingsSchema,
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => {
      const account = await workingAccount(request);
      const directory = await findDirectory(app.db, account.id, request.params.id.toLowerCase());
      if (!directory) throw new ApiError(404, 'directoryNotFound');
      const [path, totalBytes] = await Promise.all([
        directoryPath(app.db, directory.id),
        directoryBytes(app.db, directory.id),
      ]);
      return {
        id: directory.id,
        accountId: directory.accountId,
        name: directory.name,
        parentId: directory.parentId,
        path,
        videoCount: directory.videoCount,
        totalBytes,
        uploadUrl: uploadBase(app.config),
        maxThumbnailBytes: MAX_IMAGE_BYTES,
        imageFormats: ['image/png', 'image/jpeg', 'image/webp'],
        subtitleFormats: ['text/vtt', 'application/x-subrip'],
      };
    },
  );
};

export default directoryRoutes;
