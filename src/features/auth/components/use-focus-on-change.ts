import { useEffect, useRef } from 'react';

/** Moves focus to the returned element when `key` changes after the first render: a screen that swaps
 * its content (form → confirmation) tells keyboard and screen-reader users where they are. */
export function useFocusOnChange<E extends HTMLElement = HTMLHeadingElement>(key: unknown) {
  const ref = useRef<E>(null);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs exactly when the key changes.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [key]);
  return ref;
}
