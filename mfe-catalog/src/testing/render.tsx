import { addTranslations } from 'platform/testing';
import en from '../locales/en.json';
import ru from '../locales/ru.json';

addTranslations('catalog', { ru, en });

export { location, renderAt } from 'platform/testing';
