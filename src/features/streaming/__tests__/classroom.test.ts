import { describe, expect, it } from 'vitest';
import { messages } from '@/lib/validation';
import {
  classroomDraft,
  classroomErrors,
  classroomListsChanged,
  classroomPayload,
  move,
} from '../lib/classroom';

describe('the classroom editor', () => {
  it('names each bad field with the spec’s messages', () => {
    const draft = classroomDraft();
    draft.speakers.push(
      { key: 'a', name: '  ', role: '', avatar: null },
      { key: 'b', name: 'x'.repeat(81), role: 'y'.repeat(81), avatar: null },
      { key: 'c', name: 'Ana', role: '', avatar: null },
    );
    draft.agenda.push({ key: 'd', time: '', title: 'Abertura' }, { key: 'e', time: '24:00', title: ' ' });
    expect(classroomErrors(draft)).toEqual({
      'speakers.0.name': messages.required,
      'speakers.1.name': messages.maxLength(80),
      'speakers.1.role': messages.maxLength(80),
      'agenda.0.time': messages.required,
      'agenda.1.time': messages.invalidFormat,
      'agenda.1.title': messages.required,
    });
  });

  it('sends both lists in the order shown, keeping saved speakers by id', () => {
    const saved = classroomDraft({
      speakers: [
        { id: 's1', name: 'Ana', role: 'Violonista', avatar: '/media/a.png' },
        { id: 's2', name: 'Bruno', role: null, avatar: null },
      ],
      agenda: [{ time: '19:00', title: 'Abertura' }],
    });
    expect(classroomListsChanged(saved, saved)).toBe(false);
    const next = { ...saved, speakers: move(saved.speakers, 1, 0) };
    next.speakers = [...next.speakers, { key: 'n', name: ' Carla ', role: ' ', avatar: null }];
    expect(classroomListsChanged(saved, next)).toBe(true);
    expect(classroomPayload(next)).toEqual({
      speakers: [
        { id: 's2', name: 'Bruno', role: null },
        { id: 's1', name: 'Ana', role: 'Violonista' },
        { name: 'Carla', role: null },
      ],
      agenda: [{ time: '19:00', title: 'Abertura' }],
    });
    expect(move([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(move([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
  });
});
