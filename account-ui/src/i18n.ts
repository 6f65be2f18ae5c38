import { i18n } from 'platform';
import en from './locales/en.json';
import ru from './locales/ru.json';

/**
 * The `account` namespace travels inside the bundle: account-ui is a package built into each
 * remote, not a remote with its own URL to fetch translations from. Every screen imports this
 * module, so the texts arrive with the screens' lazy chunks, never in a remote's first script.
 */
export const ACCOUNT_NS = 'account';

if (!i18n.hasResourceBundle('ru', ACCOUNT_NS)) {
  i18n.addResourceBundle('ru', ACCOUNT_NS, ru);
  i18n.addResourceBundle('en', ACCOUNT_NS, en);
}
