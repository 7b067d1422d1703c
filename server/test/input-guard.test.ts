import { describe, expect, it } from 'vitest';
import { unstorablePath } from '../src/plugins/input-guard.ts';

// The guard names the field that holds a NUL or a lone surrogate (the 400 says which), through
// objects and arrays, keys included.
describe('unstorablePath', () => {
  it('names the first unstorable string or key by its path, and nothing in clean input', () => {
    const clean = {
      sessionId: 'abc',
      events: [
        { type: 'play', at: 1 },
        { type: 'stall', ms: [1, 2] },
      ],
    };
    expect(unstorablePath(clean, '')).toBeUndefined();
    expect(unstorablePath({ events: [{ type: 'play' }, { type: 'a\u0000b' }] }, '')).toBe('events.1.type');
    expect(unstorablePath({ a: { 'bad\u0000key': 1 } }, '')).toBe('a.bad\u0000key');
    expect(unstorablePath({ list: ['ok', '\ud800x'] }, 'body')).toBe('body.list.1');
    expect(unstorablePath('\u0000', '')).toBe('');
    expect(unstorablePath({ '': { x: '\u0000' } }, '')).toBe('x');
    expect(unstorablePath(Buffer.from([0]), 'body')).toBeUndefined();
    // A surrogate pair is a character, not a lone half.
    expect(unstorablePath({ emoji: '\ud83d\ude00' }, '')).toBeUndefined();
  });
});
