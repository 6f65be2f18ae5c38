import { addTranslations } from 'platform/testing';
import en from '../locales/en.json';
import ru from '../locales/ru.json';

addTranslations('admin', { ru, en });

export { apiError, called, createProfile, location, ok, renderAt, stubApi } from 'platform/testing';
