import { is } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { BroadcastMessageStruct } from '@/lib/broadcast';
import type { UploadItem } from '../upload/status';

// The upload messages added to the tabs' BroadcastChannel keep its validation: junk is ignored.

const item: UploadItem = {
  id: 'v',
  videoId: 'v',
  accountId: 'a',
  userId: 'u',
  name: 'a.mp4',
  size: 10,
  type: 'video/mp4',
  lastModified: 1,
  offset: 4,
  attempts: 0,
  status: 'uploading',
  progress: 40,
  fileStored: true,
  createdAt: 1,
};

describe('upload messages between tabs', () => {
  it('accepts the leader’s progress and the other tabs’ requests (a File included)', () => {
    expect(
      is(
        { type: 'upload-progress', items: [item, { ...item, id: 'w', error: 'x', status: 'failed' }] },
        BroadcastMessageStruct,
      ),
    ).toBe(true);
    expect(is({ type: 'upload-progress', items: [] }, BroadcastMessageStruct)).toBe(true);
    expect(is({ type: 'upload-request' }, BroadcastMessageStruct)).toBe(true);
    expect(
      is(
        { type: 'upload-request', videoId: 'v', file: new File([new Uint8Array(3)], 'a.mp4') },
        BroadcastMessageStruct,
      ),
    ).toBe(true);
    expect(is({ type: 'upload-request', videoId: 'v', dismiss: true }, BroadcastMessageStruct)).toBe(true);
  });

  it('rejects malformed ones', () => {
    for (const junk of [
      { type: 'upload-progress' },
      { type: 'upload-progress', items: [{ ...item, status: 'nope' }] },
      { type: 'upload-progress', items: [{ ...item, size: '10' }] },
      { type: 'upload-progress', items: [item], extra: 1 },
      { type: 'upload-request', file: 'not a blob' },
      { type: 'upload-request', videoId: 5 },
    ]) {
      expect(is(junk, BroadcastMessageStruct)).toBe(false);
    }
  });
});
