import * as v from 'valibot';
import { optionalTextField } from './form-fields';

/** Separators people type into phone numbers; dropped before the digits are counted. */
const PHONE_SEPARATORS = /[\s()-]/g;

/** E.164 allows at most 15 digits; 10 is the shortest national number with its code. */
const phoneField = v.pipe(
  optionalTextField('validation.invalidPhone'),
  v.nullable(
    v.pipe(
      v.string('validation.invalidPhone'),
      v.transform((phone) => phone.replace(PHONE_SEPARATORS, '')),
      v.regex(/^\+?\d{10,15}$/, 'validation.invalidPhone'),
    ),
  ),
);

/** Telegram usernames: 5-32 characters, start with a letter, no trailing underscore. */
const telegramField = v.pipe(
  optionalTextField('validation.invalidTelegram'),
  v.nullable(
    v.pipe(
      v.string('validation.invalidTelegram'),
      // People paste "@name" or a t.me link as often as the bare name.
      v.transform((username) => username.replace(/^(?:https?:\/\/)?(?:t\.me\/|@)/i, '')),
      v.regex(/^[a-z][a-z0-9_]{3,30}[a-z0-9]$/i, 'validation.invalidTelegram'),
    ),
  ),
);

/** Phone, Telegram, WhatsApp and Viber; blanks become null and at least one must remain. */
export const contactsSchema = v.pipe(
  v.optional(
    v.object(
      { phone: phoneField, telegram: telegramField, whatsapp: phoneField, viber: phoneField },
      'validation.contactsRequired',
    ),
    {},
  ),
  v.check(
    (contacts) => Object.values(contacts).some((contact) => contact !== null),
    'validation.contactsRequired',
  ),
);
