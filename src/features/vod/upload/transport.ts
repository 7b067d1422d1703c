import type { Outcome } from './retry';

export interface SendRequest {
  /** The source URL with its query (accountId). */
  url: string;
  /** The bytes to send: the whole file (simple mode) or one chunk. */
  blob: Blob;
  filename: string;
  /** Chunked mode only. */
  contentRange?: string;
  token: string | null;
  language: string;
  signal: AbortSignal;
  /** Bytes of `blob` sent so far (approximate: the multipart envelope is counted too). */
  onProgress?: (sentBytes: number) => void;
}

export interface SendResult {
  outcome: Outcome;
  /** The server's message for a refused request, when it sent one. */
  message?: string;
}

/** The server's JSON answer to a chunk: its offset and message (shared with the service worker's sender). */
export function parseBody(text: string): { offset?: number; message?: string } {
  try {
    const body = JSON.parse(text) as { offset?: unknown; message?: unknown };
    return {
      offset: typeof body.offset === 'number' && Number.isSafeInteger(body.offset) ? body.offset : undefined,
      message: typeof body.message === 'string' ? body.message : undefined,
    };
  } catch {
    return {};
  }
}

/** One POST's headers and multipart body (the single field `file`, SPEC §7, plus Content-Range for a
 * chunk): the same for the page's XMLHttpRequest and the service worker's fetch. */
export function sourceRequest(req: SendRequest): { headers: Record<string, string>; form: FormData } {
  const headers: Record<string, string> = { 'Accept-Language': req.language };
  if (req.token) headers.Authorization = `Bearer ${req.token}`;
  if (req.contentRange) headers['Content-Range'] = req.contentRange;
  const form = new FormData();
  form.append('file', req.blob, req.filename);
  return { headers, form };
}

/**
 * One POST of the source: multipart with the single field `file` (SPEC §7), plus Content-Range for a
 * chunk. XMLHttpRequest rather than fetch: it reports upload progress, which matters for 128 MB chunks
 * on a slow line. Never rejects: every ending is an Outcome.
 */
/** No upload progress and no answer for this long: the connection is taken as dead. */
export const STALL_MS = 30_000;

export function sendSource(req: SendRequest, stallMs = STALL_MS): Promise<SendResult> {
  return new Promise((resolve) => {
    if (req.signal.aborted) {
      resolve({ outcome: { kind: 'aborted' } });
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    // A connection that goes silent (a half-open socket on a mobile network, a proxy that swallowed the
    // request) would otherwise hold the upload forever: with neither progress nor an answer for
    // STALL_MS, the request ends as a network error and is retried from the server's offset.
    let stalled = false;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        stalled = true;
        xhr.abort();
      }, stallMs);
    };
    const done = (result: SendResult) => {
      clearTimeout(watchdog);
      req.signal.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const { headers, form } = sourceRequest(req);
    xhr.open('POST', req.url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      arm();
      req.onProgress?.(Math.min(event.loaded, req.blob.size));
    };
    // Every byte sent: the server now writes and fsyncs the chunk before it answers.
    xhr.upload.onload = arm;
    xhr.onload = () => {
      const { offset, message } = parseBody(xhr.responseText);
      done({ outcome: { kind: 'answer', status: xhr.status, offset }, message });
    };
    xhr.onerror = () => done({ outcome: { kind: 'network' } });
    xhr.ontimeout = () => done({ outcome: { kind: 'network' } });
    xhr.onabort = () => done({ outcome: stalled ? { kind: 'network' } : { kind: 'aborted' } });
    req.signal.addEventListener('abort', onAbort, { once: true });
    xhr.send(form);
    arm();
  });
}
