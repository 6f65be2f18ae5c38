import contractsEn from 'contracts/locales/en';
import en from '../locales/en.json';

/** The platform namespace in English (see messages.ts); the server and the tests import it directly. */
export const englishPlatformMessages = { ...contractsEn, ...en };
