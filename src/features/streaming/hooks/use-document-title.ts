import { useEffect } from 'react';
import { PRODUCT_NAME } from '@/lib/brand';

/** Sets the tab title as "<page> | Palco". */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
