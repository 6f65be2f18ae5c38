import type { CityListResponse, MetroStation } from 'contracts';
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, metroStations } from '../../db/schema';

export function createCityRepository(db: Database) {
  return {
    /** Every city in display order with its stations; two queries whatever the count. */
    async listWithMetro(): Promise<CityListResponse> {
      const [cityRows, stationRows] = await Promise.all([
        db.select().from(cities).orderBy(asc(cities.sort), asc(cities.nameRu)),
        db.select().from(metroStations).orderBy(asc(metroStations.sort), asc(metroStations.id)),
      ]);
      const stationsByCity = new Map<number, MetroStation[]>();
      for (const station of stationRows) {
        const list = stationsByCity.get(station.cityId) ?? [];
        list.push({
          id: station.id,
          name: { ru: station.nameRu, en: station.nameEn },
          line: { ru: station.lineRu, en: station.lineEn },
          lineColor: station.lineColor,
        });
        stationsByCity.set(station.cityId, list);
      }
      return {
        items: cityRows.map((city) => ({
          slug: city.slug,
          name: { ru: city.nameRu, en: city.nameEn },
          metro: stationsByCity.get(city.id) ?? [],
        })),
      };
    },
  };
}
