// The barrier shared by the notified caches (docs/server.md "Sessions cached per instance"): a request
// whose session hit already waited for a barrier sent after it arrived serves its cached list without
// sending another; a request that arrived later still waits for a new one.
import { describe, expect, it } from 'vitest';
import { Barrier } from '../src/services/notified-cache.ts';

describe('Barrier', () => {
  it('one barrier sent after a request arrived serves every wait of that request', async () => {
    let clock = 0;
    let sent = 0;
    const barrier = new Barrier(
      async () => {
        sent += 1;
      },
      () => clock,
    );
    const arrived = clock;
    clock = 1;
    expect(await barrier.wait(arrived)).toBe(true);
    expect(sent).toBe(1);
    clock = 2;
    // The same request's second cache hit (its list after its session): no second round trip.
    expect(await barrier.wait(arrived)).toBe(true);
    expect(sent).toBe(1);
    // A request that arrived after that barrier was sent waits for a new one.
    expect(await barrier.wait(clock)).toBe(true);
    expect(sent).toBe(2);
    // After the connection came up again, nothing answered before counts.
    barrier.reset();
    expect(await barrier.wait(arrived)).toBe(true);
    expect(sent).toBe(3);
  });

  it('a failed barrier answers false, so the hit reads the database', async () => {
    const barrier = new Barrier(() => Promise.reject(new Error('connection lost')));
    expect(await barrier.wait()).toBe(false);
  });
});
