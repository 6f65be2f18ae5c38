import { describe, expect, it } from 'vitest';
import { contactHref, contactLabel } from './contact-links';

describe('contact links', () => {
  it.each([
    ['phone', '+79991234567', 'tel:+79991234567'],
    ['phone', '89991234567', 'tel:+89991234567'],
    ['telegram', 'anna_test', 'https://t.me/anna_test'],
    ['telegram', '@anna_test', 'https://t.me/anna_test'],
    ['whatsapp', '+7 999 123-45-67', 'https://wa.me/79991234567'],
    ['viber', '+79991234567', 'viber://chat?number=%2B79991234567'],
  ] as const)('links %s %s to %s', (kind, value, href) => {
    expect(contactHref(kind, value)).toBe(href);
  });

  it('shows a Telegram name with its @ and numbers as they are', () => {
    expect(contactLabel('telegram', 'anna_test')).toBe('@anna_test');
    expect(contactLabel('phone', '+79991234567')).toBe('+79991234567');
  });
});
