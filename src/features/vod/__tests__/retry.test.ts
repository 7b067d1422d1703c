import { describe, expect, it } from 'vitest';
import { backoffMs, type Decision, decide, MAX_ATTEMPTS, type Outcome } from '../upload/retry';

const answer = (status: number, offset?: number): Outcome => ({ kind: 'answer', status, offset });

/** Feeds the same outcome until the decision is no longer a retry; returns every decision. */
function runUntilSettled(outcome: Outcome, online = true): Decision[] {
  const seen: Decision[] = [];
  let attempts = 0;
  for (let i = 0; i < 20; i++) {
    const d = decide(outcome, attempts, online);
    seen.push(d);
    if (d.action !== 'retry' && d.action !== 'resync') break;
    attempts = d.attempts;
  }
  return seen;
}

describe('upload retry rules (SPEC §4, §9)', () => {
  it('201 advances to the server offset, 202 completes', () => {
    expect(decide(answer(201, 4096), 3, true)).toEqual({ action: 'advance', offset: 4096 });
    expect(decide(answer(202, 10), 0, true)).toEqual({ action: 'complete' });
  });

  it('a 5xx is retried with backoff: 5 attempts in all, then the upload fails', () => {
    const decisions = runUntilSettled(answer(503));
    expect(decisions.map((d) => d.action)).toEqual(['retry', 'retry', 'retry', 'retry', 'fail']);
    expect(decisions.at(-1)).toEqual({ action: 'fail', attempts: MAX_ATTEMPTS });
    const delays = decisions.flatMap((d) => (d.action === 'retry' ? [d.delayMs] : []));
    expect(delays).toEqual([1000, 2000, 4000, 8000]);
  });

  it.each([500, 502, 504, 599])('%d is retried', (status) => {
    expect(decide(answer(status), 0, true)).toMatchObject({ action: 'retry', attempts: 1 });
  });

  it('a network error while online is retried like a 5xx', () => {
    const decisions = runUntilSettled({ kind: 'network' });
    expect(decisions).toHaveLength(MAX_ATTEMPTS);
    expect(decisions.at(-1)!.action).toBe('fail');
  });

  it('offline, a network error pauses without spending an attempt', () => {
    expect(decide({ kind: 'network' }, 4, false)).toEqual({ action: 'pause' });
    expect(decide({ kind: 'aborted' }, 0, true)).toEqual({ action: 'pause' });
  });

  it.each([400, 404, 405, 413, 415, 422])('%d fails at once', (status) => {
    expect(decide(answer(status), 0, true)).toEqual({ action: 'fail', attempts: 1 });
  });

  it('403 (blocked account) and 401 (session over) are their own cases', () => {
    expect(decide(answer(403), 0, true)).toEqual({ action: 'blocked' });
    expect(decide(answer(401), 0, true)).toEqual({ action: 'unauthorized' });
  });

  it('409 re-syncs to the offset the server gives', () => {
    expect(decide(answer(409, 1024), 0, true)).toEqual({ action: 'resync', attempts: 1, offset: 1024 });
    expect(decide(answer(409), 1, true)).toEqual({ action: 'resync', attempts: 2 });
  });

  it('a server that keeps answering 409 cannot loop forever', () => {
    const decisions = runUntilSettled(answer(409, 0));
    expect(decisions).toHaveLength(MAX_ATTEMPTS);
    expect(decisions.at(-1)!.action).toBe('fail');
  });

  it('a 201 without an offset is not trusted: retried', () => {
    expect(decide(answer(201), 0, true)).toMatchObject({ action: 'retry' });
  });

  it('backoff doubles and is capped', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 16000, 16000, 16000]);
  });
});
