import { adDayOf, addDays } from 'contracts';
import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { adBookings, campaignCities, campaigns, cities } from './schema';

interface DemoCampaign {
  status: 'published' | 'moderation' | 'draft';
  placement: 'main' | 'cities';
  city?: string;
  heading: string;
  description: string;
  link: string;
  buttonText: string;
}

/**
 * Neutral demo ads (a taxi, a flower shop, a bakery, English lessons, a bike repair), so the office
 * and the moderation of ads are never empty;
 * in Russian, as an advertiser of a Russian-language site writes them.
 */
const DEMO_CAMPAIGNS: readonly DemoCampaign[] = [
  {
    status: 'published',
    placement: 'main',
    heading: 'Городское такси круглосуточно',
    description: 'Удобные машины за 10 минут, фиксированные цены, карта или наличные.',
    link: 'https://example.com/taxi',
    buttonText: 'Заказать',
  },
  {
    status: 'published',
    placement: 'cities',
    city: 'moscow',
    heading: 'Свежие цветы с доставкой',
    description: 'Букеты на заказ с доставкой по Москве за два часа.',
    link: 'https://example.com/flowers',
    buttonText: 'Выбрать букет',
  },
  {
    status: 'moderation',
    placement: 'cities',
    city: 'moscow',
    heading: 'Семейная пекарня',
    description: 'Хлеб и выпечка каждое утро.',
    link: 'https://example.com/bakery',
    buttonText: 'Смотреть меню',
  },
  {
    status: 'moderation',
    placement: 'main',
    heading: 'Курсы английского языка',
    description: 'Разговорные группы для взрослых по вечерам и выходным.',
    link: 'https://example.com/english',
    buttonText: 'Записаться на урок',
  },
  {
    status: 'draft',
    placement: 'main',
    heading: 'Ремонт велосипедов',
    description: 'Настройка и ремонт при вас.',
    link: 'https://example.com/bikes',
    buttonText: 'Записаться',
  },
];

/**
 * The demo advertiser's campaigns (development only), written once, when the account is created:
 * two published, two waiting for moderation and a draft.
 */
export async function seedDemoCampaigns(db: Database, accountId: number, now = new Date()): Promise<void> {
  const startsOn = adDayOf(now);
  const endsOn = addDays(startsOn, 29);
  for (const demo of DEMO_CAMPAIGNS) {
    const [city] = demo.city ? await db.select().from(cities).where(eq(cities.slug, demo.city)) : [];
    if (demo.city && !city) continue;
    const sent = demo.status !== 'draft';
    const content = {
      format: 'text',
      heading: demo.heading,
      description: demo.description,
      link: demo.link,
      buttonText: demo.buttonText,
    };
    const [row] = await db
      .insert(campaigns)
      .values({
        accountId,
        status: demo.status,
        ...content,
        placement: demo.placement,
        pricing: 'days',
        startsOn: sent ? startsOn : null,
        endsOn: sent ? endsOn : null,
        approved: demo.status === 'published' ? { ...content, image: null } : null,
        submittedAt: sent ? now : null,
        publishedAt: demo.status === 'published' ? now : null,
      })
      .returning({ id: campaigns.id });
    if (!row) continue;
    if (city) await db.insert(campaignCities).values({ campaignId: row.id, cityId: city.id });
    if (!sent) continue;
    const key = demo.placement === 'main' ? 'main' : `city:${demo.city}`;
    const days: { campaignId: number; key: string; day: string }[] = [];
    for (let day = startsOn; day <= endsOn; day = addDays(day, 1))
      days.push({ campaignId: row.id, key, day });
    await db.insert(adBookings).values(days);
  }
}
