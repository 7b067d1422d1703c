/** The service-worker update flow, kept apart from React so it can be tested with a fake Workbox. */

/** The part of workbox-window's Workbox this flow uses. */
export interface WorkboxLike {
  addEventListener(type: 'waiting' | 'controlling', listener: (event: { isUpdate?: boolean }) => void): void;
  register(): Promise<unknown>;
  update(): Promise<unknown>;
  messageSkipWaiting(): void;
}

export interface UpdateState {
  /** A new worker is installed and waiting: the prompt shows. */
  waiting: boolean;
  /** The user asked for the update: the page reloads once the new worker controls it. */
  accepted: boolean;
}

const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function createUpdateController(
  loadWorkbox: () => Promise<WorkboxLike>,
  reload: () => void = () => window.location.reload(),
) {
  let state: UpdateState = { waiting: false, accepted: false };
  let wb: WorkboxLike | undefined;
  const listeners = new Set<() => void>();
  const set = (patch: Partial<UpdateState>) => {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  };

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Registers /sw.js and watches for a waiting worker; checks for a new one every hour. */
    async start() {
      wb = await loadWorkbox();
      wb.addEventListener('waiting', () => set({ waiting: true }));
      // Only a takeover the user asked for reloads the page (the very first worker takes control too).
      wb.addEventListener('controlling', () => {
        if (state.accepted) reload();
      });
      await wb.register();
      const current = wb;
      return setInterval(() => void current.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
    /** 'Atualizar': the waiting worker skips waiting; the page reloads when it takes control. */
    accept() {
      if (!wb) return;
      set({ accepted: true, waiting: false });
      wb.messageSkipWaiting();
    },
    /** 'Depois': hide the prompt; the new version applies the next time every tab is closed. */
    dismiss() {
      set({ waiting: false });
    },
  };
}
export type UpdateController = ReturnType<typeof createUpdateController>;
