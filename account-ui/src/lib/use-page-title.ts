import { useEffect } from 'react';

/** The tab's title for a cabinet screen. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
