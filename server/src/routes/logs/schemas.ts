import { type Static, Type } from '@fastify/type-provider-typebox';
import type * as Contract from '../../../../contract/logs.ts';
import { Nullable } from '../../http/schemas.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';

/** `{Key, Value}`; a list field's Value is a list of strings or of pairs, to any depth (SPEC §3). */
export const RecordItem = Type.Cyclic(
  {
    RecordItem: Type.Object({
      Key: Type.String(),
      Value: Type.Union([
        Type.String(),
        Type.Number(),
        Type.Boolean(),
        Type.Null(),
        Type.Array(Type.Union([Type.String(), Type.Ref('RecordItem')])),
      ]),
    }),
  },
  'RecordItem',
);

/** One entry as docs/api-logs.md shows it. Only these fields are serialised: the responsible's id,
 * the account and client ids of the row never leave the server. */
export const LogEntry = Type.Object({
  id: Type.String({ description: 'Opaque and stable' }),
  event: Type.String({ description: 'Event code (GET /v1/logs/list-event-types labels it)' }),
  identifier: Type.String({ description: "The object's id or name" }),
  record: Type.Array(RecordItem, { description: 'The changed fields; secrets never appear' }),
  created_at: Type.String({ format: 'date-time' }),
  user: Nullable(
    Type.Object(
      { name: Nullable(Type.String()), email: Nullable(Type.String()), avatar: Nullable(Type.String()) },
      { description: 'The responsible user as they were then; null when nobody was signed in' },
    ),
  ),
  ip: Nullable(Type.String()),
  user_agent: Nullable(Type.String()),
});

export const LogsAnswer = Type.Object({
  items: Type.Array(LogEntry),
  pagination: Type.Object({
    page: Type.Integer(),
    limit: Type.Integer(),
    total: Type.Integer({ description: 'Matching entries; a lower bound when totalExact is false' }),
    pagesTotal: Type.Integer({ description: 'ceil(total / limit)' }),
    totalExact: Type.Boolean({
      description: 'false when counting stopped 10 pages past this one: more entries exist',
    }),
  }),
});

export const EventTypesAnswer = Type.Record(Type.String(), Type.String(), {
  description: 'Event code → label in the language of Accept-Language (en…) or pt-BR',
});

// The answers equal contract/logs.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type RecordItemMatchesContract = Expect<Equal<Static<typeof RecordItem>, Contract.RecordItem>>;
export type LogsMatchesContract = Expect<Equal<Static<typeof LogsAnswer>, Contract.LogsPage>>;
export type EventTypesMatchesContract = Expect<Equal<Static<typeof EventTypesAnswer>, Contract.EventTypes>>;
