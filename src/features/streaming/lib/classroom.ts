import { AGENDA_TIME as AGENDA_TIME_PATTERN, CLASSROOM_LIMITS } from '@contract/classroom';
import type { MessageDescriptor } from '@lingui/core';
import { messages } from '@/lib/validation';
import type { ClassroomContent, ClassroomContentInput } from '../api/classroom';

export { CLASSROOM_LIMITS };

/** A time of day, 24 h (the contract's pattern). */
export const AGENDA_TIME = new RegExp(AGENDA_TIME_PATTERN);

/** A new avatar picked for a speaker (uploaded once the live is saved), or the current one removed. */
export interface AvatarDraft {
  file?: File;
  remove?: boolean;
}

export interface SpeakerRow {
  /** React's key: stable while rows move. */
  key: string;
  /** The saved speaker's id (none for a new one). */
  id?: string;
  name: string;
  role: string;
  /** The saved avatar's URL. */
  avatar: string | null;
  avatarDraft?: AvatarDraft;
}

export interface AgendaRow {
  key: string;
  time: string;
  title: string;
}

export interface ClassroomDraft {
  speakers: SpeakerRow[];
  agenda: AgendaRow[];
}

let keys = 0;
export const rowKey = () => `row-${++keys}`;

export function classroomDraft(content?: ClassroomContent): ClassroomDraft {
  return {
    speakers: (content?.speakers ?? []).map((s) => ({
      key: rowKey(),
      id: s.id,
      name: s.name,
      role: s.role ?? '',
      avatar: s.avatar,
    })),
    agenda: (content?.agenda ?? []).map((a) => ({ key: rowKey(), time: a.time, title: a.title })),
  };
}

/** The field errors of the draft, by `speakers.{i}.name`, `agenda.{i}.time` and `agenda.{i}.title`. */
export function classroomErrors(draft: ClassroomDraft): Record<string, MessageDescriptor> {
  const errors: Record<string, MessageDescriptor> = {};
  const length = (text: string) => [...text.trim()].length;
  draft.speakers.forEach((s, i) => {
    if (!s.name.trim()) errors[`speakers.${i}.name`] = messages.required;
    else if (length(s.name) > CLASSROOM_LIMITS.speakerName)
      errors[`speakers.${i}.name`] = messages.maxLength(CLASSROOM_LIMITS.speakerName);
    if (length(s.role) > CLASSROOM_LIMITS.speakerRole)
      errors[`speakers.${i}.role`] = messages.maxLength(CLASSROOM_LIMITS.speakerRole);
  });
  draft.agenda.forEach((a, i) => {
    if (!a.time) errors[`agenda.${i}.time`] = messages.required;
    else if (!AGENDA_TIME.test(a.time)) errors[`agenda.${i}.time`] = messages.invalidFormat;
    if (!a.title.trim()) errors[`agenda.${i}.title`] = messages.required;
    else if (length(a.title) > CLASSROOM_LIMITS.agendaTitle)
      errors[`agenda.${i}.title`] = messages.maxLength(CLASSROOM_LIMITS.agendaTitle);
  });
  return errors;
}

/** What the PUT sends: both lists, whole, in the order shown. */
export function classroomPayload(draft: ClassroomDraft): Required<ClassroomContentInput> {
  return {
    speakers: draft.speakers.map((s) => ({
      ...(s.id ? { id: s.id } : {}),
      name: s.name.trim(),
      role: s.role.trim() || null,
    })),
    agenda: draft.agenda.map((a) => ({ time: a.time, title: a.title.trim() })),
  };
}

/** Whether the lists differ from the saved ones (avatars aside). */
export const classroomListsChanged = (saved: ClassroomDraft, draft: ClassroomDraft) =>
  JSON.stringify(classroomPayload(saved)) !== JSON.stringify(classroomPayload(draft));

export const hasAvatarDrafts = (draft: ClassroomDraft) =>
  draft.speakers.some((s) => s.avatarDraft?.file || s.avatarDraft?.remove);

/** `list` with the item at `from` moved to `to`. */
export function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
