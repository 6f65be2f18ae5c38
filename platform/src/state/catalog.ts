import { type Category, DEFAULT_CATEGORY } from 'contracts';
import { atom } from 'jotai';

/** The listing's current category and page; the catalog keeps them in step with the URL. */
export const listingAtom = atom<{ category: Category; page: number }>({
  category: DEFAULT_CATEGORY,
  page: 1,
});
