/** The classroom's speakers and agenda limits (docs/classroom.md): the server checks them
 * (routes/streams/classroom-content.ts), the console's editor too (src/features/streaming/lib/classroom.ts). */
export const CLASSROOM_LIMITS = {
  speakers: 12,
  speakerName: 80,
  speakerRole: 80,
  agenda: 30,
  agendaTitle: 120,
} as const;

/** A time of day, 24 h: 00:00 to 23:59. */
export const AGENDA_TIME = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

/** `GET|PUT /v1/live-streams/{id}/classroom` (and the speaker avatar calls): a live's classroom as the
 * console edits it (docs/classroom.md). The server's TypeBox schema
 * (server/src/routes/streams/classroom-content.ts) is checked equal to it, the console's struct
 * (src/features/streaming/api/classroom.ts) against it (src/features/streaming/__tests__/contract.test.ts). */
export interface ClassroomContent {
  speakers: { id: string; name: string; role: string | null; avatar: string | null }[];
  agenda: { time: string; title: string }[]; // time HH:MM
}
