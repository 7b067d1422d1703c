import { useRef } from 'react';

/**
 * True from the first render in which `open` is: an overlay (dialog, drawer, confirmation) is mounted
 * once first opened and then kept, for its closing and the return of focus. Mounted while closed, each
 * would still cost an Ark state machine (and whatever its content queries) on the page's first render.
 */
export function useOpenedOnce(open: boolean): boolean {
  const opened = useRef(open);
  if (open) opened.current = true;
  return opened.current;
}
