import { useEffect } from 'react';

/** The tab's title for an office screen. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
