import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SendRequest, STALL_MS, sendSource } from '../upload/transport';

/** An XMLHttpRequest whose connection the test drives: progress, an answer, or silence. */
class FakeXhr {
  static last: FakeXhr | undefined;
  upload: { onprogress?: (e: { loaded: number }) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  ontimeout?: () => void;
  onabort?: () => void;
  status = 0;
  responseText = '';
  aborted = false;
  constructor() {
    FakeXhr.last = this;
  }
  open() {}
  setRequestHeader() {}
  send() {}
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
}

const request = (signal = new AbortController().signal): SendRequest => ({
  url: '/upload/v1/videos/v/source?accountId=a',
  blob: new Blob([new Uint8Array(1000)]),
  filename: 'aula.mp4',
  contentRange: 'bytes 0-999/5000',
  token: 't',
  language: 'pt-BR',
  signal,
});

describe('sending a chunk', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('a connection silent for the stall time ends as a network error (retried), not a hang', async () => {
    const sent = sendSource(request());
    vi.advanceTimersByTime(STALL_MS - 1);
    expect(FakeXhr.last?.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    await expect(sent).resolves.toEqual({ outcome: { kind: 'network' } });
  });

  it('progress keeps a slow connection alive; the answer ends it', async () => {
    const sent = sendSource(request());
    for (let i = 1; i <= 5; i++) {
      vi.advanceTimersByTime(STALL_MS - 1000);
      FakeXhr.last?.upload.onprogress?.({ loaded: i * 200 });
    }
    FakeXhr.last?.upload.onload?.();
    vi.advanceTimersByTime(STALL_MS - 1000);
    const xhr = FakeXhr.last!;
    xhr.status = 201;
    xhr.responseText = '{"offset":1000}';
    xhr.onload?.();
    await expect(sent).resolves.toEqual({ outcome: { kind: 'answer', status: 201, offset: 1000 } });
    expect(xhr.aborted).toBe(false);
  });

  it('stopping it (offline, deleted video) is an abort, not a network error', async () => {
    const controller = new AbortController();
    const sent = sendSource(request(controller.signal));
    controller.abort();
    await expect(sent).resolves.toEqual({ outcome: { kind: 'aborted' } });
  });
});
