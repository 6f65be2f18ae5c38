/** Where ads are asked for: the main page's pinned ads, or one city's (the query of GET /api/ads). */
export type AdPlace = { place: 'main' } | { place: 'city'; city: string };

/** A listing filtered by a city shows that city's ads; every other listing the main page's. */
export function adPlaceFor(city: string | undefined): AdPlace {
  return city ? { place: 'city', city } : { place: 'main' };
}
