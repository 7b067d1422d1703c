import { useEffect } from 'react';
import { PRODUCT_NAME } from '@/lib/brand';

/** "<page> | Palco" in the tab. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | ${PRODUCT_NAME}`;
  }, [title]);
}
