import { useEffect } from 'react';

/** The tab's title for a screen of a signed-in area. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
