import { describe, expect, it } from 'vitest';
import type { ClassroomInfo } from '../api';
import { clearAttendee, liveIdOf, readAttendee, registerUrl, saveAttendee } from '../attendee';
import { pickLocale } from '../i18n';
import { RECHECK_MS, recheckIn } from '../use-classroom';
import { emailError, messages, nameError } from '../validation';

const ID = '0a1b2c3d-0000-4000-8000-000000000001';

describe('the registration rules (SPEC §5)', () => {
  it('takes letters with Portuguese accents and spaces, up to 50', () => {
    for (const name of ['Ana', 'José da Conceição', 'Ângela Müller', 'Íris Ônix Úrsula', 'a'.repeat(50)])
      expect([name, nameError(name)]).toEqual([name, undefined]);
  });

  it('refuses digits, symbols, markup, blanks and more than 50 letters', () => {
    expect(nameError('   ')).toBe(messages.required);
    for (const name of ['Ana 2', 'Ana_Maria', '<b>Ana</b>', 'Ana@', 'a'.repeat(51)])
      expect([name, nameError(name)]).toEqual([name, messages.name]);
  });

  it('wants an e-mail that can receive mail', () => {
    expect(emailError('')).toBe(messages.required);
    expect(emailError('ana@')).toBe(messages.email);
    expect(emailError('ana@escola')).toBe(messages.email);
    expect(emailError(' ana@escola.test ')).toBeUndefined();
  });
});

describe('the attendee', () => {
  const storage = () => {
    const map = new Map<string, string>();
    return {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    };
  };

  it('is kept, read back, and cleared by logout; garbage reads as none', () => {
    const s = storage();
    expect(readAttendee(s)).toBeNull();
    saveAttendee(s, { name: 'Ana', email: 'ana@escola.test', liveId: ID });
    expect(readAttendee(s)).toEqual({ name: 'Ana', email: 'ana@escola.test', liveId: ID });
    clearAttendee(s);
    expect(readAttendee(s)).toBeNull();
    s.setItem('palco-classroom-attendee', '{"name":1}');
    expect(readAttendee(s)).toBeNull();
    s.setItem('palco-classroom-attendee', 'not json');
    expect(readAttendee(s)).toBeNull();
  });

  it('reads the class from ?liveId= only when it is an id', () => {
    expect(liveIdOf(`?liveId=${ID.toUpperCase()}`)).toBe(ID);
    expect(liveIdOf('?liveId=../../v1/users')).toBeNull();
    expect(registerUrl(ID)).toBe(`/classroom/register?liveId=${ID}`);
  });
});

describe('the language', () => {
  it('follows the console’s choice, then the browser, else pt-BR', () => {
    expect(pickLocale('en', ['pt-BR'])).toBe('en');
    expect(pickLocale(null, ['en-GB', 'pt-BR'])).toBe('en');
    expect(pickLocale(null, ['fr-FR'])).toBe('pt-BR');
  });
});

describe('asking for the class again (docs/classroom.md "The classroom after its live")', () => {
  const info = (finished: boolean, recordingPending: boolean, recording = false) =>
    ({
      finished,
      recordingPending,
      recording: recording ? { videoId: ID, embedUrl: `/embed/vod/${ID}` } : null,
    }) as ClassroomInfo;
  it('asks while the class may end and while its recording processes, never after', () => {
    expect(recheckIn(info(false, false))).toBe(RECHECK_MS.notFinished);
    expect(recheckIn(info(true, true))).toBe(RECHECK_MS.pending);
    expect(recheckIn(info(true, false, true))).toBeNull();
    expect(recheckIn(info(true, false))).toBeNull();
  });
});
