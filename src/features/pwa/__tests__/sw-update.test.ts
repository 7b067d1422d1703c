import { describe, expect, it, vi } from 'vitest';
import { createUpdateController, type WorkboxLike } from '../lib/sw-update';

/** A Workbox stand-in whose events the test fires. */
function fakeWorkbox() {
  const handlers: Record<string, Array<(e: { isUpdate?: boolean }) => void>> = {};
  const wb: WorkboxLike & { fire: (type: string, e?: { isUpdate?: boolean }) => void } = {
    addEventListener: (type, fn) => {
      handlers[type] ??= [];
      handlers[type].push(fn);
    },
    register: vi.fn(async () => undefined),
    update: vi.fn(async () => undefined),
    messageSkipWaiting: vi.fn(),
    fire: (type, e = {}) => {
      for (const fn of handlers[type] ?? []) fn(e);
    },
  };
  return wb;
}

describe('service worker update flow', () => {
  it('shows the prompt only once a new worker waits', async () => {
    const wb = fakeWorkbox();
    const controller = createUpdateController(async () => wb, vi.fn());
    const timer = await controller.start();
    clearInterval(timer);
    expect(wb.register).toHaveBeenCalledOnce();
    expect(controller.getState().waiting).toBe(false);
    const seen = vi.fn();
    controller.subscribe(seen);
    wb.fire('waiting');
    expect(controller.getState().waiting).toBe(true);
    expect(seen).toHaveBeenCalled();
  });

  it('"Atualizar" asks the waiting worker to skip waiting and reloads when it takes control', async () => {
    const wb = fakeWorkbox();
    const reload = vi.fn();
    const controller = createUpdateController(async () => wb, reload);
    clearInterval(await controller.start());
    wb.fire('waiting');
    controller.accept();
    expect(wb.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(controller.getState().waiting).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    wb.fire('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledOnce();
  });

  it('"Depois" hides the prompt, and a worker taking control on its own never reloads the page', async () => {
    const wb = fakeWorkbox();
    const reload = vi.fn();
    const controller = createUpdateController(async () => wb, reload);
    clearInterval(await controller.start());
    // The first install claims the page: no reload.
    wb.fire('controlling');
    expect(reload).not.toHaveBeenCalled();
    wb.fire('waiting');
    controller.dismiss();
    expect(controller.getState().waiting).toBe(false);
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();
  });

  it('checks for a new version every hour', async () => {
    vi.useFakeTimers();
    try {
      const wb = fakeWorkbox();
      const controller = createUpdateController(async () => wb, vi.fn());
      const timer = await controller.start();
      vi.advanceTimersByTime(60 * 60 * 1000);
      expect(wb.update).toHaveBeenCalledOnce();
      clearInterval(timer);
    } finally {
      vi.useRealTimers();
    }
  });
});
