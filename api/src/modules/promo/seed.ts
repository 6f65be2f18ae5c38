import type { Database } from '../../db/client';
import { createPromoRepository, type NewPromo } from './repository';

const DAY_MS = 86_400_000;

/** Demo codes, one of each kind of restriction, so every promo path can be tried by hand. */
export function demoPromoCodes(now: Date): NewPromo[] {
  return [
    {
      code: 'WELCOME100',
      descriptionRu: 'Приветственный бонус: 100 ₽ на баланс',
      descriptionEn: 'Welcome bonus: 100 ₽ to your balance',
      promoType: 'BALANCE_AMOUNT',
      amount: 100,
    },
    {
      code: 'BONUS10',
      descriptionRu: '+10% к следующему пополнению баланса',
      descriptionEn: '+10% on your next balance top-up',
      promoType: 'DEPOSIT_PERCENTAGE',
      amount: 10,
      accountType: 'girl',
    },
    {
      code: 'ADS500',
      descriptionRu: '500 ₽ на рекламу для новых рекламодателей',
      descriptionEn: '500 ₽ for ads for new advertisers',
      promoType: 'BALANCE_AMOUNT',
      amount: 500,
      accountType: 'advister',
      maxActivations: 100,
    },
    {
      code: 'EXPIRED1',
      descriptionRu: 'Акция завершилась',
      descriptionEn: 'This offer has ended',
      promoType: 'BALANCE_AMOUNT',
      amount: 50,
      validFrom: new Date(now.getTime() - 30 * DAY_MS),
      validUntil: new Date(now.getTime() - DAY_MS),
    },
  ];
}

/** Adds the demo codes to a database that has no promo codes at all; otherwise does nothing. */
export async function seedPromoCodes(db: Database, now = new Date()): Promise<number> {
  const promos = createPromoRepository(db);
  if ((await promos.count()) > 0) return 0;
  return promos.insertAll(demoPromoCodes(now));
}
