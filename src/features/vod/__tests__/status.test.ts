import { describe, expect, it } from 'vitest';
import { isPending, sameFile, transition, type UploadItem } from '../upload/status';

const item = (patch: Partial<UploadItem> = {}): UploadItem => ({
  id: 'v1',
  videoId: 'v1',
  accountId: 'a1',
  userId: 'u1',
  name: 'aula.mp4',
  size: 1000,
  type: 'video/mp4',
  lastModified: 0,
  offset: 0,
  attempts: 0,
  status: 'awaiting',
  progress: 0,
  fileStored: true,
  createdAt: 0,
  ...patch,
});

describe('upload item states (SPEC §3, §4)', () => {
  it('awaiting → uploading with progress → done at 100', () => {
    let s = transition(item(), { type: 'start' });
    expect(s.status).toBe('uploading');
    s = transition(s, { type: 'progress', offset: 250 });
    expect(s).toMatchObject({ status: 'uploading', offset: 250, progress: 25 });
    s = transition(s, { type: 'complete' });
    expect(s).toMatchObject({ status: 'done', offset: 1000, progress: 100 });
  });

  it('a failure sets failed with progress 0', () => {
    const s = transition(item({ status: 'uploading', offset: 500, progress: 50 }), {
      type: 'fail',
      error: 'x',
    });
    expect(s).toMatchObject({ status: 'failed', progress: 0, error: 'x' });
  });

  it('progress resets the attempts and never moves the offset back', () => {
    const s = transition(item({ status: 'uploading', offset: 600, attempts: 3 }), {
      type: 'progress',
      offset: 400,
    });
    expect(s).toMatchObject({ offset: 600, attempts: 0 });
  });

  it('offline pauses; coming back makes it runnable again', () => {
    const paused = transition(item({ status: 'uploading' }), { type: 'pause' });
    expect(paused.status).toBe('paused');
    expect(isPending(paused.status)).toBe(true);
    expect(transition(paused, { type: 'resume' }).status).toBe('awaiting');
  });

  it('a file that could not be kept waits for the user, then continues', () => {
    const missing = transition(item(), { type: 'file-missing' });
    expect(missing.status).toBe('needs-file');
    expect(isPending(missing.status)).toBe(false);
    expect(transition(missing, { type: 'pause' }).status).toBe('needs-file');
    expect(transition(missing, { type: 'file-restored' }).status).toBe('awaiting');
  });

  it('finished items ignore further events; a failed one may be retried', () => {
    const done = transition(item(), { type: 'complete' });
    expect(transition(done, { type: 'fail' })).toBe(done);
    expect(transition(done, { type: 'retry' })).toBe(done);
    const failed = transition(item({ offset: 300 }), { type: 'fail' });
    expect(transition(failed, { type: 'progress', offset: 900 })).toBe(failed);
    expect(transition(failed, { type: 'retry' })).toMatchObject({
      status: 'awaiting',
      attempts: 0,
      progress: 30,
    });
  });

  it('a picked-again file must match by name and size', () => {
    expect(sameFile(item(), { name: 'aula.mp4', size: 1000 })).toBe(true);
    expect(sameFile(item(), { name: 'aula.mp4', size: 999 })).toBe(false);
    expect(sameFile(item(), { name: 'outra.mp4', size: 1000 })).toBe(false);
  });
});
