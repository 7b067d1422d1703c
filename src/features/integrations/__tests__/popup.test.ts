import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authorizeInPopup, type OpenWindow, PopupBlockedError, popupFeatures } from '../lib/popup';

class FakePopup {
  closed = false;
  location = { href: 'about:blank' };
  close() {
    this.closed = true;
  }
}

function opener() {
  const opened: { url: string; features: string; popup: FakePopup }[] = [];
  const open: OpenWindow = (url, _target, features) => {
    const popup = new FakePopup();
    opened.push({ url, features, popup });
    return popup;
  };
  return { open, opened };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('authorizeInPopup', () => {
  it('opens 600x800, asks every 2000 ms, and closes the popup once authorized', async () => {
    const { open, opened } = opener();
    let asked = 0;
    const result = authorizeInPopup({
      url: async () => '/bff/zoom/oauth?account_id=t1&state=s',
      kind: 'oauth',
      open,
      authorized: async () => ++asked >= 2,
    });
    expect(opened[0]?.features).toContain('width=600,height=800');
    await vi.advanceTimersByTimeAsync(0);
    expect(opened[0]?.popup.location.href).toBe('/bff/zoom/oauth?account_id=t1&state=s');
    await vi.advanceTimersByTimeAsync(1999);
    expect(asked).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toEqual({ authorized: true });
    expect(opened[0]?.popup.closed).toBe(true);
  });

  it('resolves false when the user closes the popup first', async () => {
    const { open, opened } = opener();
    const result = authorizeInPopup({
      url: async () => '/x',
      kind: 'oauth',
      open,
      authorized: async () => false,
    });
    await vi.advanceTimersByTimeAsync(2000);
    opened[0]?.popup.close();
    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toEqual({ authorized: false, reason: null });
  });

  it('Facebook: 600x400, every second; a failed status check is "not yet"', async () => {
    const { open, opened } = opener();
    let asked = 0;
    const result = authorizeInPopup({
      url: async () => '/bff/facebook/oauth',
      kind: 'facebook',
      open,
      authorized: async () => {
        asked++;
        if (asked === 1) throw new Error('offline');
        return true;
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(opened[0]?.features).toContain('width=600,height=400');
    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toEqual({ authorized: true });
    expect(asked).toBe(2);
  });

  it("stops on the server's error page (the user refused at the provider) and passes its words on", async () => {
    const { open, opened } = opener();
    let page: { result: 'success' | 'error'; text: string } | null = null;
    const result = authorizeInPopup({
      url: async () => '/x',
      kind: 'oauth',
      open,
      read: () => page,
      authorized: async () => false,
    });
    await vi.advanceTimersByTimeAsync(2000);
    page = { result: 'error', text: ' A autorização foi negada. ' };
    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toEqual({ authorized: false, reason: 'A autorização foi negada.' });
    expect(opened[0]?.popup.closed).toBe(true);
  });

  it('rejects when the browser blocks the popup', async () => {
    await expect(
      authorizeInPopup({
        url: async () => '/x',
        kind: 'oauth',
        open: () => null,
        authorized: async () => true,
      }),
    ).rejects.toBeInstanceOf(PopupBlockedError);
  });

  it('closes the popup when the server refuses to start the authorisation', async () => {
    const { open, opened } = opener();
    const refused = new Error('not configured');
    await expect(
      authorizeInPopup({
        url: async () => {
          throw refused;
        },
        kind: 'oauth',
        open,
        authorized: async () => true,
      }),
    ).rejects.toBe(refused);
    expect(opened[0]?.popup.closed).toBe(true);
  });

  it('centres the popup on the screen', () => {
    expect(popupFeatures('oauth', { width: 1600, height: 1000 })).toBe(
      'popup=yes,width=600,height=800,left=500,top=100',
    );
  });
});
