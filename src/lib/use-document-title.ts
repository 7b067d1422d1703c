import { useEffect } from 'react';
import { PRODUCT_NAME } from './brand';

/** Sets the tab title as "<page> | Palco" (SPEC §2.4 'Integrações | {product}'); without a page, "Palco". */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
