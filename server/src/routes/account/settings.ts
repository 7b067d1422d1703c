import { type FastifyPluginAsyncTypebox, type Static, Type } from '@fastify/type-provider-typebox';
import type * as Contract from '../../../../contract/account.ts';
import { findAccountSettings, updateAccountSettings } from '../../db/repositories/accounts.ts';
import { recordActivity } from '../../db/repositories/activity-log.ts';
import { findPreset, savePreset } from '../../db/repositories/streams-preset.ts';
import type { Executor } from '../../db/schema.ts';
import { AccountIdQuery, bearer, errors, Name, Nullable, Uuid } from '../../http/schemas.ts';
import { activityOf, toRecord } from '../../lib/activity.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { ApiError } from '../../lib/errors.ts';
import { accountOf } from '../../plugins/caller.ts';
import { completeSettings, normalizeColor } from '../streams/validate.ts';

export const SETTINGS = { anyOf: ['showAccountSettings'] } as const;
/** The frame rates an encoder can sensibly be held to (the high-FPS alert compares against it). */
const FPS = Type.Integer({ minimum: 1, maximum: 240 });

export const AccountSettings = Type.Object({
  accountId: Uuid,
  name: Type.String(),
  logo: Nullable(Type.String()),
  language: Type.Union([Type.Literal('pt-BR'), Type.Literal('en')]),
  timeZone: Type.String(),
  fpsLimit: Type.Integer(),
  playerColor: Type.String({ description: "The general settings' player colour: a new stream's default" }),
});

// The answer equals contract/account.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type AccountSettingsMatchesContract = Expect<
  Equal<Static<typeof AccountSettings>, Contract.AccountSettings>
>;

const SettingsPatch = Type.Object(
  {
    name: Type.Optional(Name({ minLength: 1, maxLength: 100, pattern: '\\S' })),
    language: Type.Optional(Type.Union([Type.Literal('pt-BR'), Type.Literal('en')])),
    timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    fpsLimit: Type.Optional(FPS),
    playerColor: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);

/** An IANA zone Intl knows, in its canonical spelling; null otherwise. */
export function canonicalTimeZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export async function readSettings(db: Executor, accountId: string) {
  const row = await findAccountSettings(db, accountId);
  if (!row) throw new ApiError(404, 'accountNotFound');
  const preset = completeSettings((await findPreset(db, accountId))?.settings);
  return {
    accountId: row.id,
    name: row.name,
    logo: row.thumbnail,
    language: row.language === 'en' ? ('en' as const) : ('pt-BR' as const),
    timeZone: row.time_zone,
    fpsLimit: row.fps_limit,
    playerColor: preset.playerColor,
  };
}

const accountSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/v1/account/settings',
    {
      config: { permission: SETTINGS },
      schema: {
        tags: ['account'],
        summary: "The team's settings: name, logo, default language, time zone, FPS limit, player colour",
        security: bearer,
        querystring: AccountIdQuery,
        response: { 200: AccountSettings, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => readSettings(app.db, accountOf(request)),
  );

  app.patch(
    '/v1/account/settings',
    {
      config: { permission: SETTINGS },
      schema: {
        tags: ['account'],
        summary: "Change the team's settings (only the fields sent)",
        description:
          '`timeZone` must be an IANA zone (400 otherwise); `playerColor` is the default of new streams (the ' +
          "general settings' colour); `fpsLimit` is read by the high-FPS alert at its next check. Logs " +
          '`CONTA_ATUALIZADA`.',
        security: bearer,
        querystring: AccountIdQuery,
        body: SettingsPatch,
        response: { 200: AccountSettings, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      const body = request.body;
      const name = body.name?.trim();
      const timeZone = body.timeZone === undefined ? undefined : canonicalTimeZone(body.timeZone.trim());
      if (timeZone === null) throw new ApiError(400, 'accountTimeZoneInvalid');
      const playerColor = body.playerColor === undefined ? undefined : normalizeColor(body.playerColor);
      if (playerColor === null) throw new ApiError(400, 'colorInvalid', { field: 'playerColor' });
      await app.db.transaction().execute(async (trx) => {
        const columns = { name, language: body.language, time_zone: timeZone, fps_limit: body.fpsLimit };
        await updateAccountSettings(trx, accountId, columns);
        if (playerColor !== undefined) {
          const stored = completeSettings((await findPreset(trx, accountId))?.settings);
          await savePreset(trx, accountId, { ...stored, playerColor });
        }
        await recordActivity(trx, {
          ...activityOf(request),
          accountId,
          event: 'CONTA_ATUALIZADA',
          identifier: name ?? (await readSettings(trx, accountId)).name,
          record: toRecord({
            nome: name,
            idioma: body.language,
            fusoHorario: timeZone,
            limiteFps: body.fpsLimit,
            corPlayer: playerColor,
          }),
        });
      });
      return readSettings(app.db, accountId);
    },
  );
};

export default accountSettingsRoutes;
