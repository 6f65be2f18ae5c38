/** Every admin query's key, so a mutation invalidates through the query's own key. */
export const adminKeys = {
  all: () => ['admin'] as const,
  counts: () => ['admin', 'counts'] as const,
};
