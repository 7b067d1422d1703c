/**
 * The classroom's speakers and agenda limits (docs/classroom.md). No imports: the console's editor
 * mirrors them (src/features/streaming/lib/classroom.ts) and its unit test reads this file.
 */
export const CLASSROOM_LIMITS = {
  speakers: 12,
  speakerName: 80,
  speakerRole: 80,
  agenda: 30,
  agendaTitle: 120,
} as const;

/** A time of day, 24 h: 00:00 to 23:59. */
export const AGENDA_TIME = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
