import type { ServiceCategoryKey } from 'contracts';

/** Reference data the demo database starts with: real cities and stations, tame services. */

export interface CitySeed {
  slug: string;
  nameRu: string;
  nameEn: string;
  /** Relative share of the demo profiles placed in this city. */
  weight: number;
}

export const CITY_SEEDS: readonly CitySeed[] = [
  { slug: 'moscow', nameRu: 'Москва', nameEn: 'Moscow', weight: 30 },
  { slug: 'saint-petersburg', nameRu: 'Санкт-Петербург', nameEn: 'Saint Petersburg', weight: 20 },
  { slug: 'novosibirsk', nameRu: 'Новосибирск', nameEn: 'Novosibirsk', weight: 5 },
  { slug: 'yekaterinburg', nameRu: 'Екатеринбург', nameEn: 'Yekaterinburg', weight: 5 },
  { slug: 'kazan', nameRu: 'Казань', nameEn: 'Kazan', weight: 5 },
  { slug: 'nizhny-novgorod', nameRu: 'Нижний Новгород', nameEn: 'Nizhny Novgorod', weight: 4 },
  { slug: 'krasnodar', nameRu: 'Краснодар', nameEn: 'Krasnodar', weight: 4 },
  { slug: 'sochi', nameRu: 'Сочи', nameEn: 'Sochi', weight: 4 },
  { slug: 'samara', nameRu: 'Самара', nameEn: 'Samara', weight: 3 },
  { slug: 'rostov-on-don', nameRu: 'Ростов-на-Дону', nameEn: 'Rostov-on-Don', weight: 3 },
  { slug: 'ufa', nameRu: 'Уфа', nameEn: 'Ufa', weight: 3 },
  { slug: 'chelyabinsk', nameRu: 'Челябинск', nameEn: 'Chelyabinsk', weight: 3 },
  { slug: 'krasnoyarsk', nameRu: 'Красноярск', nameEn: 'Krasnoyarsk', weight: 3 },
  { slug: 'voronezh', nameRu: 'Воронеж', nameEn: 'Voronezh', weight: 3 },
  { slug: 'perm', nameRu: 'Пермь', nameEn: 'Perm', weight: 2 },
  { slug: 'kaliningrad', nameRu: 'Калининград', nameEn: 'Kaliningrad', weight: 2 },
];

interface LineSeed {
  ru: string;
  en: string;
  color: string;
  /** Station names, Russian then English transliteration as on the official maps. */
  stations: readonly (readonly [string, string])[];
}

const MOSCOW_LINES: readonly LineSeed[] = [
  {
    ru: 'Сокольническая',
    en: 'Sokolnicheskaya',
    color: '#EF161E',
    stations: [
      ['Сокольники', 'Sokolniki'],
      ['Красносельская', 'Krasnoselskaya'],
      ['Комсомольская', 'Komsomolskaya'],
      ['Чистые пруды', 'Chistye Prudy'],
      ['Лубянка', 'Lubyanka'],
      ['Охотный Ряд', 'Okhotny Ryad'],
      ['Библиотека имени Ленина', 'Biblioteka imeni Lenina'],
      ['Кропоткинская', 'Kropotkinskaya'],
      ['Парк культуры', 'Park Kultury'],
      ['Спортивная', 'Sportivnaya'],
      ['Университет', 'Universitet'],
    ],
  },
  {
    ru: 'Замоскворецкая',
    en: 'Zamoskvoretskaya',
    color: '#2DBE2C',
    stations: [
      ['Речной вокзал', 'Rechnoy Vokzal'],
      ['Войковская', 'Voykovskaya'],
      ['Сокол', 'Sokol'],
      ['Аэропорт', 'Aeroport'],
      ['Динамо', 'Dinamo'],
      ['Белорусская', 'Belorusskaya'],
      ['Маяковская', 'Mayakovskaya'],
      ['Тверская', 'Tverskaya'],
      ['Театральная', 'Teatralnaya'],
      ['Новокузнецкая', 'Novokuznetskaya'],
      ['Павелецкая', 'Paveletskaya'],
      ['Коломенская', 'Kolomenskaya'],
    ],
  },
  {
    ru: 'Арбатско-Покровская',
    en: 'Arbatsko-Pokrovskaya',
    color: '#0078BE',
    stations: [
      ['Парк Победы', 'Park Pobedy'],
      ['Киевская', 'Kiyevskaya'],
      ['Смоленская', 'Smolenskaya'],
      ['Арбатская', 'Arbatskaya'],
      ['Площадь Революции', 'Ploshchad Revolyutsii'],
      ['Курская', 'Kurskaya'],
      ['Бауманская', 'Baumanskaya'],
      ['Партизанская', 'Partizanskaya'],
      ['Измайловская', 'Izmaylovskaya'],
    ],
  },
  {
    ru: 'Кольцевая',
    en: 'Koltsevaya (Circle)',
    color: '#894E35',
    stations: [
      ['Таганская', 'Taganskaya'],
      ['Добрынинская', 'Dobryninskaya'],
      ['Октябрьская', 'Oktyabrskaya'],
      ['Краснопресненская', 'Krasnopresnenskaya'],
      ['Новослободская', 'Novoslobodskaya'],
      ['Проспект Мира', 'Prospekt Mira'],
    ],
  },
  {
    ru: 'Калужско-Рижская',
    en: 'Kaluzhsko-Rizhskaya',
    color: '#F07E24',
    stations: [
      ['ВДНХ', 'VDNKh'],
      ['Рижская', 'Rizhskaya'],
      ['Сухаревская', 'Sukharevskaya'],
      ['Китай-город', 'Kitay-gorod'],
      ['Третьяковская', 'Tretyakovskaya'],
      ['Шаболовская', 'Shabolovskaya'],
      ['Академическая', 'Akademicheskaya'],
      ['Профсоюзная', 'Profsoyuznaya'],
      ['Беляево', 'Belyayevo'],
    ],
  },
  {
    ru: 'Таганско-Краснопресненская',
    en: 'Tagansko-Krasnopresnenskaya',
    color: '#943E90',
    stations: [
      ['Пушкинская', 'Pushkinskaya'],
      ['Кузнецкий Мост', 'Kuznetsky Most'],
      ['Баррикадная', 'Barrikadnaya'],
      ['Беговая', 'Begovaya'],
      ['Полежаевская', 'Polezhayevskaya'],
      ['Щукинская', 'Shchukinskaya'],
      ['Выхино', 'Vykhino'],
    ],
  },
  {
    ru: 'Серпуховско-Тимирязевская',
    en: 'Serpukhovsko-Timiryazevskaya',
    color: '#A1A2A3',
    stations: [
      ['Чеховская', 'Chekhovskaya'],
      ['Боровицкая', 'Borovitskaya'],
      ['Полянка', 'Polyanka'],
      ['Тульская', 'Tulskaya'],
      ['Савёловская', 'Savyolovskaya'],
      ['Дмитровская', 'Dmitrovskaya'],
    ],
  },
  {
    ru: 'Филёвская',
    en: 'Filyovskaya',
    color: '#19C1F3',
    stations: [
      ['Александровский сад', 'Aleksandrovsky Sad'],
      ['Выставочная', 'Vystavochnaya'],
      ['Кутузовская', 'Kutuzovskaya'],
      ['Фили', 'Fili'],
    ],
  },
  {
    ru: 'Московское центральное кольцо',
    en: 'Moscow Central Circle',
    color: '#FFA8AF',
    stations: [
      ['Лужники', 'Luzhniki'],
      ['Деловой центр', 'Delovoy Tsentr'],
      ['Площадь Гагарина', 'Ploshchad Gagarina'],
      ['Ботанический сад', 'Botanichesky Sad'],
      ['Зорге', 'Zorge'],
    ],
  },
  {
    ru: 'МЦД-1 Белорусско-Савёловский',
    en: 'MCD-1 Belorussko-Savyolovsky',
    color: '#F6A600',
    stations: [
      ['Одинцово', 'Odintsovo'],
      ['Тестовская', 'Testovskaya'],
      ['Лобня', 'Lobnya'],
    ],
  },
  {
    ru: 'МЦД-2 Курско-Рижский',
    en: 'MCD-2 Kursko-Rizhsky',
    color: '#E74280',
    stations: [
      ['Красногорская', 'Krasnogorskaya'],
      ['Нахабино', 'Nakhabino'],
      ['Подольск', 'Podolsk'],
    ],
  },
];

const SAINT_PETERSBURG_LINES: readonly LineSeed[] = [
  {
    ru: 'Кировско-Выборгская',
    en: 'Kirovsko-Vyborgskaya',
    color: '#D6083B',
    stations: [
      ['Девяткино', 'Devyatkino'],
      ['Гражданский проспект', 'Grazhdansky Prospekt'],
      ['Политехническая', 'Politekhnicheskaya'],
      ['Площадь Мужества', 'Ploshchad Muzhestva'],
      ['Выборгская', 'Vyborgskaya'],
      ['Площадь Ленина', 'Ploshchad Lenina'],
      ['Чернышевская', 'Chernyshevskaya'],
      ['Площадь Восстания', 'Ploshchad Vosstaniya'],
      ['Владимирская', 'Vladimirskaya'],
      ['Технологический институт', 'Tekhnologichesky Institut'],
      ['Балтийская', 'Baltiyskaya'],
      ['Автово', 'Avtovo'],
    ],
  },
  {
    ru: 'Московско-Петроградская',
    en: 'Moskovsko-Petrogradskaya',
    color: '#0078C9',
    stations: [
      ['Парнас', 'Parnas'],
      ['Озерки', 'Ozerki'],
      ['Удельная', 'Udelnaya'],
      ['Чёрная речка', 'Chyornaya Rechka'],
      ['Петроградская', 'Petrogradskaya'],
      ['Горьковская', 'Gorkovskaya'],
      ['Невский проспект', 'Nevsky Prospekt'],
      ['Сенная площадь', 'Sennaya Ploshchad'],
      ['Московские ворота', 'Moskovskiye Vorota'],
      ['Парк Победы', 'Park Pobedy'],
      ['Московская', 'Moskovskaya'],
      ['Купчино', 'Kupchino'],
    ],
  },
  {
    ru: 'Невско-Василеостровская',
    en: 'Nevsko-Vasileostrovskaya',
    color: '#009A49',
    stations: [
      ['Приморская', 'Primorskaya'],
      ['Василеостровская', 'Vasileostrovskaya'],
      ['Гостиный двор', 'Gostiny Dvor'],
      ['Маяковская', 'Mayakovskaya'],
      ['Площадь Александра Невского', 'Ploshchad Aleksandra Nevskogo'],
      ['Елизаровская', 'Yelizarovskaya'],
      ['Пролетарская', 'Proletarskaya'],
      ['Рыбацкое', 'Rybatskoye'],
    ],
  },
  {
    ru: 'Правобережная',
    en: 'Pravoberezhnaya',
    color: '#EA7125',
    stations: [
      ['Спасская', 'Spasskaya'],
      ['Достоевская', 'Dostoyevskaya'],
      ['Лиговский проспект', 'Ligovsky Prospekt'],
      ['Новочеркасская', 'Novocherkasskaya'],
      ['Ладожская', 'Ladozhskaya'],
      ['Улица Дыбенко', 'Ulitsa Dybenko'],
    ],
  },
  {
    ru: 'Фрунзенско-Приморская',
    en: 'Frunzensko-Primorskaya',
    color: '#702785',
    stations: [
      ['Комендантский проспект', 'Komendantsky Prospekt'],
      ['Старая Деревня', 'Staraya Derevnya'],
      ['Крестовский остров', 'Krestovsky Ostrov'],
      ['Чкаловская', 'Chkalovskaya'],
      ['Спортивная', 'Sportivnaya'],
      ['Адмиралтейская', 'Admiralteyskaya'],
      ['Садовая', 'Sadovaya'],
      ['Звенигородская', 'Zvenigorodskaya'],
      ['Бухарестская', 'Bukharestskaya'],
      ['Международная', 'Mezhdunarodnaya'],
    ],
  },
];

/** Metro lines by city slug; cities without a metro are simply absent. */
export const METRO_SEEDS: Readonly<Record<string, readonly LineSeed[]>> = {
  moscow: MOSCOW_LINES,
  'saint-petersburg': SAINT_PETERSBURG_LINES,
};

export interface ServiceSeed {
  category: ServiceCategoryKey;
  code: string;
  nameRu: string;
  nameEn: string;
}

const service = (category: ServiceCategoryKey, code: string, nameRu: string, nameEn: string) => ({
  category,
  code,
  nameRu,
  nameEn,
});

export const SERVICE_SEEDS: readonly ServiceSeed[] = [
  service('sex', 'romantic-evening', 'Романтический вечер', 'Romantic evening'),
  service('sex', 'date', 'Свидание', 'Date'),
  service('sex', 'long-date', 'Долгое свидание', 'Long date'),
  service('sex', 'conversation', 'Приятная беседа', 'Pleasant conversation'),
  service('massage', 'classic', 'Классический массаж', 'Classic massage'),
  service('massage', 'relaxing', 'Расслабляющий массаж', 'Relaxing massage'),
  service('massage', 'sports', 'Спортивный массаж', 'Sports massage'),
  service('massage', 'thai', 'Тайский массаж', 'Thai massage'),
  service('massage', 'aroma', 'Аромамассаж', 'Aroma massage'),
  service('massage', 'hot-stones', 'Массаж горячими камнями', 'Hot stone massage'),
  service('massage', 'back', 'Массаж спины', 'Back massage'),
  service('massage', 'foot', 'Массаж стоп', 'Foot massage'),
  service('extreme', 'outdoor-walk', 'Прогулка на природе', 'Outdoor walk'),
  service('extreme', 'quest', 'Квест-комната', 'Escape room'),
  service('extreme', 'karting', 'Картинг', 'Go-karting'),
  service('extreme', 'horse-riding', 'Конная прогулка', 'Horse riding'),
  service('bdsm', 'strict-look', 'Строгий образ', 'Strict look'),
  service('bdsm', 'dress-code', 'Дресс-код по желанию', 'Dress code on request'),
  service('bdsm', 'role-play', 'Ролевая игра', 'Role play'),
  service('bdsm', 'leather-outfit', 'Кожаный образ', 'Leather outfit'),
  service('strip', 'dance', 'Танец', 'Dance'),
  service('strip', 'pole-dance', 'Танец на пилоне', 'Pole dance'),
  service('strip', 'belly-dance', 'Танец живота', 'Belly dance'),
  service('strip', 'show', 'Шоу-программа', 'Show programme'),
  service('other', 'dinner', 'Компания на ужин', 'Dinner companion'),
  service('other', 'travel', 'Компаньонка в путешествии', 'Travel companion'),
  service('other', 'event', 'Сопровождение на мероприятие', 'Event companion'),
  service('other', 'city-walk', 'Прогулка по городу', 'City walk'),
  service('other', 'photo-session', 'Фотосессия', 'Photo session'),
  service('other', 'english-practice', 'Разговорный английский', 'English conversation'),
];

export const FIRST_NAMES: readonly string[] = [
  'Анна',
  'Мария',
  'Елена',
  'Ольга',
  'Наталья',
  'Екатерина',
  'Татьяна',
  'Ирина',
  'Светлана',
  'Юлия',
  'Анастасия',
  'Дарья',
  'Полина',
  'Алина',
  'Виктория',
  'Ксения',
  'Вероника',
  'Софья',
  'Александра',
  'Марина',
  'Кристина',
  'Валерия',
  'Евгения',
  'Алёна',
  'Диана',
  'Карина',
  'Милана',
  'Ульяна',
  'Арина',
  'Яна',
  'Василиса',
  'Маргарита',
  'Надежда',
  'Вера',
  'Олеся',
  'Лилия',
  'Злата',
  'Ева',
  'Алиса',
  'Кира',
];

/** Profile texts are the models' own words, in Russian; a few sentences are drawn per profile. */
export const DESCRIPTION_SENTENCES: readonly string[] = [
  'Пунктуальна, люблю хорошую музыку.',
  'Увлекаюсь йогой и путешествиями.',
  'Люблю театр и долгие прогулки по набережной.',
  'Готовлю итальянскую кухню и варю отличный кофе.',
  'Читаю современную прозу, хожу на выставки.',
  'Занимаюсь танцами с детства.',
  'Знаю английский, с удовольствием поддержу беседу.',
  'Обожаю джаз и вечерние концерты.',
  'Спокойная, доброжелательная, с чувством юмора.',
  'Люблю горы, летом хожу в походы.',
  'Играю на фортепиано.',
  'Всегда вовремя и на связи.',
  'Интересуюсь кино и фотографией.',
  'Хожу в бассейн и на пилатес.',
  'Люблю путешествовать, побывала в двадцати странах.',
  'Умею слушать и поддержать разговор на любую тему.',
];

export const SERVICE_NOTES: readonly string[] = [
  'по договорённости',
  '30 или 60 минут',
  'заранее обсудим детали',
  'в любое время',
  'только по предварительной записи',
];

export const BLOCK_REASONS: readonly string[] = [
  'Контакты не отвечают',
  'Фотографии не соответствуют правилам',
  'Повторная анкета',
];
