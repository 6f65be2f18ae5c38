/** Query keys of her streams: the current one (the live screen) and the list (analytics). */
export const streamKeys = {
  all: ['own-streams'] as const,
  current: () => [...streamKeys.all, 'current'] as const,
  records: (page: number) => [...streamKeys.all, 'records', page] as const,
};
