import { afterEach, describe, expect, it, vi } from 'vitest';
import { BROADCAST_CHANNEL_NAME, type BroadcastMessage, broadcast } from '@/lib/broadcast';

const unsubscribers: Array<() => void> = [];
afterEach(() => {
  for (const u of unsubscribers.splice(0)) u();
});

/** Posts from "another tab": a second channel of the same name (a channel never hears itself). */
function postFromOtherTab(data: unknown) {
  const other = new BroadcastChannel(BROADCAST_CHANNEL_NAME);
  other.postMessage(data);
  other.close();
}

const nextTick = () => new Promise((r) => setTimeout(r, 50));

describe('broadcast channel', () => {
  it('delivers the known messages from another tab', async () => {
    const got: BroadcastMessage[] = [];
    unsubscribers.push(broadcast.subscribe((m) => got.push(m)));
    postFromOtherTab({ type: 'team', teamId: 't1' });
    postFromOtherTab({ type: 'logout' });
    postFromOtherTab({ type: 'fps-alert', evento: 'alerta_fps_alto', live_id: 7, titulo: 'Show' });
    await nextTick();
    expect(got).toEqual([
      { type: 'team', teamId: 't1' },
      { type: 'logout' },
      { type: 'fps-alert', evento: 'alerta_fps_alto', live_id: 7, titulo: 'Show' },
    ]);
  });

  it('ignores junk', async () => {
    const listener = vi.fn();
    unsubscribers.push(broadcast.subscribe(listener));
    for (const junk of [
      'logout',
      null,
      42,
      { type: 'team' },
      { type: 'team', teamId: 5 },
      { type: 'nope' },
      { type: 'logout', x: 1 },
    ]) {
      postFromOtherTab(junk);
    }
    await nextTick();
    expect(listener).not.toHaveBeenCalled();
  });

  it('posts to the other tabs, and an unsubscribed listener hears nothing more', async () => {
    const other = new BroadcastChannel(BROADCAST_CHANNEL_NAME);
    const heard: unknown[] = [];
    other.onmessage = (e) => heard.push(e.data);
    broadcast.post({ type: 'team', teamId: 'x' });
    await nextTick();
    expect(heard).toEqual([{ type: 'team', teamId: 'x' }]);
    const listener = vi.fn();
    const stop = broadcast.subscribe(listener);
    stop();
    other.postMessage({ type: 'logout' });
    await nextTick();
    expect(listener).not.toHaveBeenCalled();
    other.close();
  });
});
