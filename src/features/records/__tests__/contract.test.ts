import type { EventTypes, LogEntry, LogsPage, RecordItem } from '@contract/logs';
import type { ClientAccount, ClientEntry } from '@contract/teams';
import type { Infer } from 'superstruct';
import { describe, expectTypeOf, it } from 'vitest';
import type { ClientAccountStruct } from '../api/list-client-accounts';
import type { ClientStruct } from '../api/list-clients';
import type { EventTypesStruct } from '../api/list-event-types';
import type { LogEntryStruct, LogsResponseStruct, RecordFieldStruct } from '../api/list-logs';

// What the server answers (contract/logs.ts and contract/teams.ts, which its TypeBox schemas equal) is
// what the console's structs accept (docs/decisions.md "One contract for both sides: `contract/`").
// Looser: a log entry's fields and the pagination's counts are optional or nullable in the structs though
// the server always sends them, and a changed field's `Value` is `unknown` (the page renders any shape):
// the answer must extend the struct and the struct read only the answer's fields.
describe('the records contract', () => {
  it('the pickers and the event labels equal the answers', () => {
    expectTypeOf<Infer<typeof ClientStruct>>().toEqualTypeOf<ClientEntry>();
    expectTypeOf<Infer<typeof ClientAccountStruct>>().toEqualTypeOf<ClientAccount>();
    expectTypeOf<Infer<typeof EventTypesStruct>>().toEqualTypeOf<EventTypes>();
  });

  it("the log structs accept every answer and read only the answer's fields", () => {
    expectTypeOf<RecordItem>().toExtend<Infer<typeof RecordFieldStruct>>();
    expectTypeOf<keyof Infer<typeof RecordFieldStruct>>().toEqualTypeOf<keyof RecordItem>();
    expectTypeOf<LogEntry>().toExtend<Infer<typeof LogEntryStruct>>();
    expectTypeOf<keyof Infer<typeof LogEntryStruct>>().toEqualTypeOf<keyof LogEntry>();
    type User = NonNullable<Infer<typeof LogEntryStruct>['user']>;
    expectTypeOf<keyof User>().toEqualTypeOf<keyof NonNullable<LogEntry['user']>>();
    expectTypeOf<LogsPage>().toExtend<Infer<typeof LogsResponseStruct>>();
    expectTypeOf<keyof Infer<typeof LogsResponseStruct>>().toEqualTypeOf<keyof LogsPage>();
    type Pagination = Infer<typeof LogsResponseStruct>['pagination'];
    expectTypeOf<keyof Pagination>().toEqualTypeOf<keyof LogsPage['pagination']>();
  });
});
