import { Type } from '@fastify/type-provider-typebox';
import { ZOOM_MAX_ACCOUNTS } from '../../../../contract/integrations.ts';
import { Nullable, Uuid } from '../../http/schemas.ts';
import type { RoutePermission } from '../../permissions.ts';

/**
 * The integrations page's gate (SPEC §6): the internal developer permission or `integrations`. Staff
 * act in any team; others in their teams only (the account hook checks `accountId`).
 */
export const INTEGRATIONS_PERMISSION: RoutePermission = {
  anyOf: ['palcoDeveloper', 'integrations', 'staff'],
};

export const tags = ['integrations'];

/** The shapes of contract/integrations.ts, as the routes validate and serialize them. */
export const ImportSummary = Type.Object({
  folderId: Nullable(Uuid),
  folderName: Nullable(Type.String()),
  pending: Type.Integer({ minimum: 0 }),
  imported: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
  lastError: Nullable(Type.String()),
});

const ExternalId = Type.String({ minLength: 1, maxLength: 200 });

export const ZoomAccount = Type.Object({
  zoomAccountId: Type.String(),
  label: Nullable(Type.String()),
  activeImport: Type.Boolean(),
  deauthorized: Type.Boolean(),
  tokenExpiresIn: Type.Integer({ minimum: 0 }),
  import: ImportSummary,
});

export const ZoomMultiStatus = Type.Object({
  activeImport: Type.Boolean(),
  deauthorized: Type.Boolean(),
  accounts: Type.Array(ZoomAccount, { maxItems: ZOOM_MAX_ACCOUNTS }),
});

export const ZoomImportBody = Type.Object(
  { activeImport: Type.Boolean(), zoomAccountId: ExternalId },
  { additionalProperties: false },
);
export const ZoomMultiImportBody = Type.Object(
  { activeImport: Type.Boolean(), zoomAccountId: Type.Optional(ExternalId) },
  { additionalProperties: false },
);
export const ZoomDeauthorizeBody = Type.Object(
  { zoomAccountId: Type.Optional(ExternalId) },
  { additionalProperties: false },
);

export const GoogleMeetStatus = Type.Object({
  integrated: Type.Boolean(),
  activeImport: Type.Boolean(),
  deauthorized: Type.Boolean(),
  label: Nullable(Type.String()),
  import: ImportSummary,
});

export const ImportSwitchBody = Type.Object(
  { activeImport: Type.Boolean() },
  { additionalProperties: false },
);

export const OAuthStart = Type.Object({
  url: Type.String({ description: 'Open in the popup: the provider consent page follows' }),
});

/** The popup's query: the spec's `account_id`, and the state the start call gave. */
export const PopupQuery = Type.Object({
  account_id: Uuid,
  state: Type.String({ minLength: 16, maxLength: 128 }),
});

/** What a provider sends the popup back with (RFC 6749 4.1.2; Facebook adds `error_reason`,
 * `error_code` and the granted `scope`... to a denial or a grant). */
export const CallbackQuery = Type.Object({
  state: Type.Optional(Type.String({ maxLength: 512 })),
  code: Type.Optional(Type.String({ maxLength: 4096 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
  error_description: Type.Optional(Type.String({ maxLength: 2000 })),
  error_reason: Type.Optional(Type.String({ maxLength: 200 })),
  error_code: Type.Optional(Type.String({ maxLength: 50 })),
  scope: Type.Optional(Type.String({ maxLength: 2000 })),
});
