import { useEffect, useState } from 'react';
import { type ClassroomInfo, getClassroom } from './api';

export type Loaded =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; info: ClassroomInfo };

/** How often the page asks again (docs/classroom.md "A finished class and its recording"): soon while
 * the recording processes, less often while the class may still end. */
export const RECHECK_MS = { pending: 5_000, notFinished: 20_000 } as const;

/** When to ask for the class's info again: while it may still end, and while its recording is coming;
 * never once it ended with its recording, or without one. */
export function recheckIn(info: ClassroomInfo): number | null {
  if (!info.finished) return RECHECK_MS.notFinished;
  return info.recordingPending ? RECHECK_MS.pending : null;
}

/**
 * The class's info, asked again while it can change as the viewer watches: the class ending, its
 * recording becoming ready. Without this, an attendee watching read "Não há gravação disponível" until a
 * reload showed 'Assistir à gravação'. A failed re-ask keeps what is shown and tries again later.
 */
export function useClassroom(liveId: string | null): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    if (!liveId) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = (fresh: boolean, retryIn?: number) =>
      getClassroom(liveId, fresh).then(
        (info) => {
          if (!live) return;
          setLoaded({ state: 'ready', info });
          const next = recheckIn(info);
          if (next !== null) timer = setTimeout(() => void ask(true, next), next);
        },
        (error: unknown) => {
          if (!live) return;
          if (retryIn === undefined) setLoaded({ state: 'error', message: (error as Error).message });
          else timer = setTimeout(() => void ask(true, retryIn), retryIn);
        },
      );
    void ask(false);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [liveId]);
  return liveId ? loaded : { state: 'error', message: '' };
}

/** The scheduled date and time in the viewer's language and time zone. */
export function formatDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));
}
