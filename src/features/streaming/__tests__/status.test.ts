import { describe, expect, it } from 'vitest';
import { canDelete, hasStarted, isLegal, legalActions } from '../lib/status';

describe('legal actions per status (SPEC §4)', () => {
  it('scheduled: start only', () => expect(legalActions('scheduled')).toEqual(['start']));
  it('live: pause or end', () => expect(legalActions('live')).toEqual(['pause', 'complete']));
  it('paused: continue or end', () => expect(legalActions('paused')).toEqual(['resume', 'complete']));
  it('finished: nothing', () => expect(legalActions('finished')).toEqual([]));
  it('isLegal agrees', () => {
    expect(isLegal('start', 'live')).toBe(false);
    expect(isLegal('resume', 'live')).toBe(false);
    expect(isLegal('complete', 'paused')).toBe(true);
    expect(isLegal('pause', 'paused')).toBe(false);
  });
});

describe('locks', () => {
  it('date/time, colour and latency lock once started', () => {
    expect(hasStarted('scheduled')).toBe(false);
    for (const s of ['live', 'paused', 'finished'] as const) expect(hasStarted(s)).toBe(true);
  });
  it('a running stream cannot be deleted', () => {
    expect(canDelete('scheduled')).toBe(true);
    expect(canDelete('finished')).toBe(true);
    expect(canDelete('live')).toBe(false);
    expect(canDelete('paused')).toBe(false);
  });
});
