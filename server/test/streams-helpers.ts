import type { FastifyInstance, InjectOptions } from 'fastify';
import { DEMO_PASSWORD } from '../src/db/seed.ts';
import { hashPassword } from '../src/lib/password.ts';
import { bearer, loginAs } from './helpers.ts';

/** One call with a token; `payload` objects go as JSON. */
export function call(
  app: FastifyInstance,
  token: string,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: { ...bearer(token), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A user holding a role with exactly these permissions in one account; answers their token. */
export async function userWith(
  app: FastifyInstance,
  accountId: string,
  login: string,
  permissions: string[],
): Promise<string> {
  const role = await app.db
    .insertInto('roles')
    .values({ account_id: accountId, name: `papel-${login}`, permissions })
    .returning('id')
    .executeTakeFirstOrThrow();
  const user = await app.db
    .insertInto('users')
    .values({
      login,
      name: `Usuário ${login}`,
      avatar: null,
      password_hash: await hashPassword(DEMO_PASSWORD),
      default_account_id: accountId,
      root_directory: null,
      last_login_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db
    .insertInto('memberships')
    .values({ user_id: user.id, account_id: accountId, role_id: role.id })
    .execute();
  return loginAs(app, login);
}

/** The activity entries about one object, oldest first. */
export async function logsOf(app: FastifyInstance, identifier: string) {
  return app.db
    .selectFrom('activity_logs')
    .select(['event', 'record', 'account_id', 'actor_email'])
    .where('identifier', '=', identifier)
    .orderBy('id')
    .execute();
}

/** A real 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A real 8×8 JPEG (images are decoded and re-encoded: a header alone is refused). */
export const JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCLAGlTf//Z',
  'base64',
);
/** A real 8×8 lossless WebP. */
export const WEBP = Buffer.from('UklGRh4AAABXRUJQVlA4TBEAAAAvB8ABAAdQ4IIUpv+BiOh/AAA=', 'base64');

/** A multipart/form-data body with one file part (and optional text fields before it). */
export function multipart(
  file: Buffer,
  options: { field?: string; filename?: string; type?: string; fields?: Record<string, string> } = {},
) {
  const boundary = `----palco${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(options.fields ?? {})) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'banner.png'}"\r\nContent-Type: ${options.type ?? 'image/png'}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
