import type { FastifyRequest } from 'fastify';
import type { ActivityActor, LogRecordItem, LogValue } from './activity-record.ts';

export type { ActivityActor, LogRecordItem, LogValue } from './activity-record.ts';

/** The part of a log entry that comes from the request. */
export interface RequestActivity {
  actor: ActivityActor | null;
  ip: string | null;
  userAgent: string | null;
}

/** Field names whose values never reach a log record, at any depth. */
const SECRET = /pass(word)?|secret|token|hash|key$|^key|credential|authorization/i;
export const MASK = '***';

/** The responsible user of an entry: copied, so the entry keeps telling the truth after they change. */
export function actorOf(user: {
  id: string;
  name: string;
  login: string;
  avatar: string | null;
}): ActivityActor {
  return { id: user.id, name: user.name, email: user.login, avatar: user.avatar };
}

/** Who did it, from where: the part of a log entry that comes from the request. Calls outside the
 * authenticated scope (login, password recovery) have no actor unless the route names one. */
export function activityOf(request: FastifyRequest): RequestActivity {
  const user = request.auth?.user;
  const key = request.auth?.apiKey;
  return {
    // A call made with an API key names the key: the creator's id and e-mail stay, to find it by.
    actor: user ? actorOf(key ? { ...user, name: `API: ${key.name}` } : user) : null,
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent'] ?? null,
  };
}

function toValue(value: unknown): LogValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.map(String);
    return value.flatMap((v, i) =>
      v && typeof v === 'object'
        ? [{ Key: String(i + 1), Value: toRecord(v as Record<string, unknown>) }]
        : [],
    );
  }
  if (typeof value === 'object') return toRecord(value as Record<string, unknown>);
  return String(value);
}

/** The changed fields as `{Key, Value}` (nested lists for lists and objects); secrets are masked. */
export function toRecord(fields: Record<string, unknown>): LogRecordItem[] {
  return Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([Key, v]) => ({ Key, Value: SECRET.test(Key) ? MASK : toValue(v) }));
}
