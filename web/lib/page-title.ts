/** Page titles per route: 'Garage Ledger — My Vehicles' (D1). */
import { PRODUCT_NAME } from '@contract/product';
import { useEffect } from 'react';

export function pageTitle(title?: string): string {
  return title ? `${PRODUCT_NAME} — ${title}` : PRODUCT_NAME;
}

export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
