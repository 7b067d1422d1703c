import { contentRange, effectiveChunkSize, nextChunk } from './chunking';
import { decide, type Outcome } from './retry';
import type { UploadEvent, UploadItem } from './status';
import { sourceUrl, type UploadConfig, type UploadTarget, uploadTarget } from './target';
import type { SendRequest, SendResult } from './transport';

export interface ServerState {
  offset: number;
  complete: boolean;
}

/** Everything the runner needs from the outside world (faked in unit tests). */
export interface RunnerDeps {
  getConfig(): Promise<UploadConfig>;
  /** GET …/source; rejects with `{status}` (0: no answer). */
  getState(target: UploadTarget, videoId: string, accountId: string): Promise<ServerState>;
  send(req: SendRequest): Promise<SendResult>;
  token(): string | null;
  language(): string;
  online(): boolean;
  chunkOverride(): number | undefined;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export interface RunnerHooks {
  /** Applies an event to the item (persisted, shown); undefined once the item was removed. */
  update(id: string, event: UploadEvent): UploadItem | undefined;
  /** Bytes confirmed plus bytes of the chunk in flight, for the progress bar only. */
  sending(id: string, bytes: number): void;
  blocked(): void;
  unauthorized(): void;
}

/** 'next': go on with the next item; 'offline': wait for the network; 'halt': stop the queue until the
 * next nudge (session over, blocked account, no configuration). */
export type RunResult = 'next' | 'offline' | 'halt';

const statusOf = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : 0;
};

/** What a request that got no useful answer means, given whether the browser is online. */
const failureOutcome = (error: unknown): Outcome => {
  const status = statusOf(error);
  return status === 0 ? { kind: 'network' } : { kind: 'answer', status };
};

/**
 * Uploads one item to the end, or until it must wait (offline), fails, or is removed. Chunked mode
 * (SPEC §4/§9): the server is asked for its durable offset first and after every failure, so only
 * bytes it never stored are sent; 201 advances, 202 completes, 409 re-syncs, 5xx and network errors
 * are retried with backoff (5 attempts per chunk), anything else fails. Simple mode: one request
 * with the whole file, 5 attempts.
 */
export async function runUpload(
  deps: RunnerDeps,
  hooks: RunnerHooks,
  start: UploadItem,
  file: Blob,
  signal: AbortSignal,
): Promise<RunResult> {
  const id = start.id;
  const started = hooks.update(id, { type: 'start' });
  if (!started) return 'next';
  const item: UploadItem = started;

  let target: UploadTarget;
  try {
    target = uploadTarget(await deps.getConfig());
  } catch {
    // Without the configuration nothing can be sent: wait for the network or the next nudge.
    hooks.update(id, { type: 'pause' });
    return deps.online() ? 'halt' : 'offline';
  }
  const url = `${sourceUrl(target, item.videoId)}?accountId=${encodeURIComponent(item.accountId)}`;
  const chunked = target.mode === 'chunked';
  const chunkSize = effectiveChunkSize(item.size, deps.chunkOverride());
  let offset = chunked ? item.offset : 0;
  let attempts = item.attempts;
  let needSync = chunked;

  for (;;) {
    if (signal.aborted) {
      const step = await handle({ kind: 'aborted' });
      if (step !== 'again') return step;
      continue;
    }
    if (needSync) {
      try {
        const state = await deps.getState(target, item.videoId, item.accountId);
        if (state.complete) return finish();
        offset = state.offset;
        if (!hooks.update(id, { type: 'progress', offset })) return 'next';
        // The offset may have gone back only if the server lost bytes; the item keeps the larger
        // figure for display, the plan follows the server.
        needSync = false;
      } catch (error) {
        const outcome = failureOutcome(error);
        // No answer, or a 5xx, while online: carry on from what we last heard (a 409 corrects it).
        const transient = outcome.kind === 'network' || (outcome.kind === 'answer' && outcome.status >= 500);
        if (!transient || !deps.online()) {
          const step = await handle(outcome);
          if (step !== 'again') return step;
          continue;
        }
        needSync = false;
      }
    }
    const chunk = chunked ? (nextChunk(offset, item.size, chunkSize) ?? lastByte(item.size)) : null;
    const blob = chunk ? file.slice(chunk.start, chunk.end + 1) : file;
    const base = chunk ? chunk.start : 0;
    const result = await deps.send({
      url,
      blob,
      filename: item.name,
      contentRange: chunk ? contentRange(chunk, item.size) : undefined,
      token: deps.token(),
      language: deps.language(),
      signal,
      onProgress: (sent) => hooks.sending(id, base + sent),
    });
    const step = await handle(result.outcome, result.message);
    if (step !== 'again') return step;
  }

  function finish(): RunResult {
    hooks.update(id, { type: 'complete' });
    return 'next';
  }

  /** Acts on a decision; 'again' means send (or ask) once more. */
  async function handle(outcome: Outcome, message?: string): Promise<RunResult | 'again'> {
    const d = decide(outcome, attempts, deps.online());
    switch (d.action) {
      case 'advance':
        if (!chunked) return handle({ kind: 'answer', status: 500 }, message);
        offset = d.offset;
        attempts = 0;
        return hooks.update(id, { type: 'progress', offset }) ? 'again' : 'next';
      case 'complete':
        return finish();
      case 'resync':
        attempts = d.attempts;
        hooks.update(id, { type: 'attempt-failed', attempts });
        if (d.offset === undefined) needSync = true;
        else offset = d.offset;
        return 'again';
      case 'retry':
        attempts = d.attempts;
        if (!hooks.update(id, { type: 'attempt-failed', attempts })) return 'next';
        await deps.sleep(d.delayMs, signal);
        if (signal.aborted || !deps.online()) return handle({ kind: 'aborted' });
        needSync = chunked;
        return 'again';
      case 'pause':
        // Aborted because the item was removed: nothing to pause, go on with the others.
        return hooks.update(id, { type: 'pause' }) ? 'offline' : 'next';
      case 'fail':
        hooks.update(id, { type: 'attempt-failed', attempts: d.attempts });
        hooks.update(id, { type: 'fail', error: message });
        return 'next';
      case 'blocked':
        hooks.update(id, { type: 'fail', error: message });
        hooks.blocked();
        return 'halt';
      case 'unauthorized':
        hooks.update(id, { type: 'pause' });
        hooks.unauthorized();
        return 'halt';
    }
  }
}

/** The server has every byte but has not said "complete" (its answer was lost): re-sending the last
 * byte makes it answer 202 without writing anything. */
const lastByte = (size: number) => ({ start: size - 1, end: size - 1, length: 1 });

/** RunnerDeps' `sleep` for a browser page or the service worker: waits `ms`, or less when `signal`
 * aborts (it resolves then too: the runner checks the signal itself). */
export function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
