import { useEffect, useState } from 'react';
import { type ClassroomInfo, getClassroom } from './api';

export type Loaded =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; info: ClassroomInfo };

/** The class's info, fetched once. */
export function useClassroom(liveId: string | null): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  useEffect(() => {
    if (!liveId) return;
    let live = true;
    getClassroom(liveId).then(
      (info) => live && setLoaded({ state: 'ready', info }),
      (error: unknown) => live && setLoaded({ state: 'error', message: (error as Error).message }),
    );
    return () => {
      live = false;
    };
  }, [liveId]);
  return liveId ? loaded : { state: 'error', message: '' };
}

/** The scheduled date and time in the viewer's language and time zone. */
export function formatDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));
}
