/** The slogan a fresh installation shows until an administrator sets another. */
export const SITE_SLOGAN = {
  ru: 'Анкеты моделей вашего города — честно и без лишнего',
  en: 'Model profiles in your city, honest and simple',
} as const;
