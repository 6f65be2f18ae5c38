import { Suspense } from 'react';
import { ScreenSkeleton } from 'account-ui';

/** A lazy screen with the skeleton of a screen while its chunk loads. */
export const screen = (element: React.ReactNode) => (
  <Suspense fallback={<ScreenSkeleton />}>{element}</Suspense>
);
