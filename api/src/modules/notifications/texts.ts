import type { Locale, NotificationKind } from 'contracts';

interface NotificationText {
  title: string;
  /** `{{name}}` placeholders are filled from the notification's params. */
  text: string;
}

/** Typed per kind and per locale, so a kind without a text in either language fails to compile. */
const TEXTS: Readonly<Record<Locale, Readonly<Record<NotificationKind, NotificationText>>>> = {
  ru: {
    profile_approved: {
      title: 'Анкета одобрена',
      text: 'Анкета «{{profileName}}» прошла модерацию и опубликована.',
    },
    profile_rejected: {
      title: 'Анкета не прошла модерацию',
      text: 'Анкета «{{profileName}}» не прошла модерацию. Причина: {{reason}}',
    },
    profile_expired: {
      title: 'Срок публикации истёк',
      text: 'Срок публикации анкеты «{{profileName}}» истёк, она скрыта из каталога. Продлите её, чтобы вернуть.',
    },
    profile_blocked: {
      title: 'Анкета заблокирована',
      text: 'Анкета «{{profileName}}» заблокирована. Причина: {{comment}}',
    },
    profile_unblocked: {
      title: 'Анкета разблокирована',
      text: 'Анкета «{{profileName}}» разблокирована и снова видна посетителям.',
    },
    video_activated: {
      title: 'Видео активировано',
      text: 'До {{until}} видео в анкете «{{profileName}}» активно.',
    },
    raised_in_city: {
      title: 'Анкета поднята',
      text: 'Анкета «{{profileName}}» поднята в начало списка, город {{city}}. Списано {{price}}.',
    },
    top_placement: {
      title: 'Топ-размещение',
      text: 'До {{until}} анкета «{{profileName}}» в топе, город {{city}}.',
    },
    account_blocked: {
      title: 'Аккаунт заблокирован',
      text: 'Ваш аккаунт заблокирован, анкеты скрыты из каталога. Причина: {{comment}}',
    },
    account_unblocked: {
      title: 'Аккаунт разблокирован',
      text: 'Ваш аккаунт разблокирован, активные анкеты снова видны посетителям.',
    },
    ad_approved: {
      title: 'Объявление одобрено',
      text: 'Объявление «{{heading}}» прошло модерацию и опубликовано.',
    },
    ad_rejected: {
      title: 'Объявление отклонено',
      text: 'Объявление «{{heading}}» не прошло модерацию. Причина: {{reason}}',
    },
    ad_completed: {
      title: 'Кампания завершена',
      text: 'Показ объявления «{{heading}}» завершён: показов {{impressions}}, переходов {{clicks}}.',
    },
  },
  en: {
    profile_approved: {
      title: 'Profile approved',
      text: 'Your profile “{{profileName}}” passed moderation and is published.',
    },
    profile_rejected: {
      title: 'Profile rejected',
      text: 'Your profile “{{profileName}}” did not pass moderation. Reason: {{reason}}',
    },
    profile_expired: {
      title: 'Publication expired',
      text: 'The publication of your profile “{{profileName}}” has expired and it is hidden from the catalogue. Extend it to bring it back.',
    },
    profile_blocked: {
      title: 'Profile blocked',
      text: 'Your profile “{{profileName}}” has been blocked. Reason: {{comment}}',
    },
    profile_unblocked: {
      title: 'Profile unblocked',
      text: 'Your profile “{{profileName}}” has been unblocked and is visible to visitors again.',
    },
    video_activated: {
      title: 'Video activated',
      text: 'The video on your profile “{{profileName}}” is active until {{until}}.',
    },
    raised_in_city: {
      title: 'Profile raised',
      text: 'Your profile “{{profileName}}” was raised to the top of the {{city}} list. Charged: {{price}}.',
    },
    top_placement: {
      title: 'Top placement',
      text: 'Your profile “{{profileName}}” is in the top of {{city}} until {{until}}.',
    },
    account_blocked: {
      title: 'Account blocked',
      text: 'Your account has been blocked and your profiles are hidden from the catalogue. Reason: {{comment}}',
    },
    account_unblocked: {
      title: 'Account unblocked',
      text: 'Your account has been unblocked; your active profiles are visible to visitors again.',
    },
    ad_approved: {
      title: 'Ad approved',
      text: 'Your ad “{{heading}}” passed moderation and is published.',
    },
    ad_rejected: {
      title: 'Ad rejected',
      text: 'Your ad “{{heading}}” did not pass moderation. Reason: {{reason}}',
    },
    ad_completed: {
      title: 'Campaign completed',
      text: 'Your ad “{{heading}}” has finished: {{impressions}} impressions, {{clicks}} clicks.',
    },
  },
};

const INTL_LOCALES: Record<Locale, string> = { ru: 'ru-RU', en: 'en-GB' };
/** Dates are shown on the site's clock: the product sells placements in Russian cities. */
const TIME_ZONE = 'Europe/Moscow';

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
const numberFormats = new Map<Locale, Intl.NumberFormat>();

export function formatDate(locale: Locale, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALES[locale], {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: TIME_ZONE,
    });
    dateFormats.set(locale, format);
  }
  return format.format(date);
}

export function formatRubles(locale: Locale, rubles: number): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[locale], { maximumFractionDigits: 2 });
    numberFormats.set(locale, format);
  }
  return `${format.format(rubles)} ₽`;
}

/** Names of the cities the notifications mention, by slug, in the reader's language. */
export type CityNames = ReadonlyMap<string, string>;

/** The title and text of a notification in `locale`, its params formatted for that locale. */
export function renderNotification(
  locale: Locale,
  kind: NotificationKind,
  params: Partial<Record<string, string | number>>,
  cityNames: CityNames,
): NotificationText {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (name === 'until') values[name] = formatDate(locale, String(value));
    else if (name === 'price' && typeof value === 'number') values[name] = formatRubles(locale, value);
    else if (name === 'city') values[name] = cityNames.get(String(value)) ?? String(value);
    else values[name] = String(value);
  }
  const { title, text } = TEXTS[locale][kind];
  return {
    title,
    text: text.replace(/{{(\w+)}}/g, (placeholder, name: string) => values[name] ?? placeholder),
  };
}

/** Param names the text of `kind` in `locale` uses, so `notify` can refuse a call that forgets one. */
export function placeholdersOf(kind: NotificationKind, locale: Locale = 'ru'): string[] {
  return [...TEXTS[locale][kind].text.matchAll(/{{(\w+)}}/g)].map((match) => match[1] ?? '');
}
