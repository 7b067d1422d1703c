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
