import { randomUUID } from 'node:crypto';
import { type Static, Type } from '@fastify/type-provider-typebox';
import {
  AGENDA_TIME,
  CLASSROOM_LIMITS,
  type ClassroomContent as ContractClassroomContent,
} from '../../../../contract/classroom.ts';
import type { AgendaItem, ClassroomSpeaker, LiveStreamRow } from '../../db/tables/streams.ts';
import { Nullable, Uuid } from '../../http/schemas.ts';
import type { Equal, Expect } from '../../lib/contract-check.ts';
import { ApiError } from '../../lib/errors.ts';
import { cleanText } from '../classroom/chat.ts';
import { speakerImageName } from './storage.ts';
import { imageUrl } from './view.ts';

export const ClassroomContentInput = Type.Object(
  {
    speakers: Type.Optional(
      Type.Array(
        Type.Object(
          {
            id: Type.Optional(Uuid),
            name: Type.String({ maxLength: CLASSROOM_LIMITS.speakerName }),
            role: Type.Optional(Nullable(Type.String({ maxLength: CLASSROOM_LIMITS.speakerRole }))),
          },
          { additionalProperties: false },
        ),
        {
          maxItems: 100,
          description: `At most ${CLASSROOM_LIMITS.speakers}, in the order shown; a speaker with the \`id\` of a current one keeps its avatar, one without gets a new id, and a current one left out is removed with its avatar`,
        },
      ),
    ),
    agenda: Type.Optional(
      Type.Array(
        Type.Object(
          {
            time: Type.String({ pattern: AGENDA_TIME, description: 'HH:mm, 24 h' }),
            title: Type.String({ maxLength: CLASSROOM_LIMITS.agendaTitle }),
          },
          { additionalProperties: false },
        ),
        { maxItems: 100, description: `At most ${CLASSROOM_LIMITS.agenda}, in the order shown` },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ClassroomContentBody = Static<typeof ClassroomContentInput>;

const ImageUrl = Nullable(Type.String({ description: 'Public, unguessable image URL' }));

export const ClassroomContent = Type.Object({
  speakers: Type.Array(
    Type.Object({ id: Uuid, name: Type.String(), role: Nullable(Type.String()), avatar: ImageUrl }),
  ),
  agenda: Type.Array(Type.Object({ time: Type.String(), title: Type.String() })),
});
export type ClassroomContentView = Static<typeof ClassroomContent>;
// The answer equals contract/classroom.ts (docs/decisions.md "One contract for both sides: `contract/`").
export type ClassroomContentMatchesContract = Expect<Equal<ClassroomContentView, ContractClassroomContent>>;

/** One line of plain text: control and direction-override characters removed, spaces collapsed. */
const line = (text: string) => cleanText(text).replace(/\s+/g, ' ').trim();

/**
 * The speakers as stored: each name required, plain text; an `id` of a current speaker keeps that
 * speaker's avatar; an unknown or repeated `id` is a new speaker. 400 past the cap.
 */
export function normalizeSpeakers(
  input: NonNullable<ClassroomContentBody['speakers']>,
  current: ClassroomSpeaker[],
): ClassroomSpeaker[] {
  if (input.length > CLASSROOM_LIMITS.speakers)
    throw new ApiError(400, 'classroomSpeakersTooMany', {
      field: 'speakers',
      params: { max: CLASSROOM_LIMITS.speakers },
    });
  const byId = new Map(current.map((s) => [s.id, s]));
  const taken = new Set<string>();
  return input.map((s, i) => {
    const name = line(s.name);
    if (!name) throw new ApiError(400, 'required', { field: `speakers.${i}.name` });
    const id = s.id?.toLowerCase();
    const kept = id && !taken.has(id) ? byId.get(id) : undefined;
    if (kept) taken.add(kept.id);
    return {
      id: kept?.id ?? randomUUID(),
      name,
      role: line(s.role ?? '') || null,
      avatar: kept?.avatar ?? null,
    };
  });
}

/** The agenda as stored: titles required, plain text; 400 past the cap. */
export function normalizeAgenda(input: NonNullable<ClassroomContentBody['agenda']>): AgendaItem[] {
  if (input.length > CLASSROOM_LIMITS.agenda)
    throw new ApiError(400, 'classroomAgendaTooMany', {
      field: 'agenda',
      params: { max: CLASSROOM_LIMITS.agenda },
    });
  return input.map((item, i) => {
    const title = line(item.title);
    if (!title) throw new ApiError(400, 'required', { field: `agenda.${i}.title` });
    return { time: item.time, title };
  });
}

export const avatarUrl = (row: Pick<LiveStreamRow, 'account_id' | 'id'>, s: ClassroomSpeaker) =>
  imageUrl(row.account_id, row.id, speakerImageName(s.id), s.avatar ?? undefined);

/** What the console reads and writes. */
export function classroomContentView(
  row: Pick<LiveStreamRow, 'account_id' | 'id' | 'classroom_speakers' | 'classroom_agenda'>,
): ClassroomContentView {
  return {
    speakers: row.classroom_speakers.map((s) => ({
      id: s.id,
      name: s.name,
      role: s.role,
      avatar: avatarUrl(row, s),
    })),
    agenda: row.classroom_agenda,
  };
}
