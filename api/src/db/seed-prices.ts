import type { PriceList } from 'contracts';
import { count } from 'drizzle-orm';
import type { Database } from './client';
import { priceItems } from './schema';

interface PriceSeed {
  code: string;
  ru: string;
  en: string;
  /** Whole US dollars in Moscow and St Petersburg, where demand and competition are highest. */
  mskSpb: number;
  other: number;
}

/** The price page of a fresh installation; an administrator edits the table afterwards. */
export const PRICE_SEEDS: Readonly<Record<PriceList, readonly PriceSeed[]>> = {
  models_boosting: [
    {
      code: 'publication_month',
      ru: 'Публикация анкеты на 1 месяц',
      en: 'Profile publication for 1 month',
      mskSpb: 30,
      other: 20,
    },
    {
      code: 'top_7_days',
      ru: 'Топ-размещение в городе на 7 дней',
      en: 'Top placement in the city for 7 days',
      mskSpb: 25,
      other: 15,
    },
    {
      code: 'bump',
      ru: 'Поднятие анкеты в начало списка города',
      en: 'Bump to the top of the city list',
      mskSpb: 3,
      other: 2,
    },
    {
      code: 'video_month',
      ru: 'Загрузка видео на 1 месяц',
      en: 'Video upload for 1 month',
      mskSpb: 10,
      other: 6,
    },
  ],
  // Nothing is sold beside the profile's own promotions yet (migration 0013 removed the rows of
  // things that never were); the list and its endpoint stay for when something is.
  additional_services: [],
  ads_boosting: [
    {
      code: 'main_banner_day',
      ru: 'Баннер на главной странице, 1 день',
      en: 'Banner on the main page, 1 day',
      mskSpb: 50,
      other: 30,
    },
    {
      code: 'city_pin_day',
      ru: 'Закрепление в городе, 1 день',
      en: 'Pinned in a city, 1 day',
      mskSpb: 20,
      other: 12,
    },
    {
      code: 'impressions_1000',
      ru: '1000 показов',
      en: '1,000 impressions',
      mskSpb: 4,
      other: 2,
    },
  ],
};

/**
 * Fills the price lists when the table is empty, and only then: once an administrator has
 * changed or removed items, a restart must not bring the demo prices back.
 */
export async function seedPrices(db: Database): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(priceItems);
  if ((existing?.n ?? 0) > 0) return false;
  const rows = Object.entries(PRICE_SEEDS).flatMap(([list, items]) =>
    items.map((item, sort) => ({
      list: list as PriceList,
      code: item.code,
      titleRu: item.ru,
      titleEn: item.en,
      mskSpbPrice: item.mskSpb,
      otherPrice: item.other,
      sort,
    })),
  );
  // Two instances starting together may both see an empty table; the unique key keeps one set.
  await db.insert(priceItems).values(rows).onConflictDoNothing();
  return true;
}
