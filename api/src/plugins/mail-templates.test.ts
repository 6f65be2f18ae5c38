import { LOCALES, MAIL_KINDS } from 'contracts';
import { describe, expect, it } from 'vitest';
import { type MailParams, renderMail } from './mail-templates';

const PARAMS: MailParams = {
  registration_code: { code: '012345', minutes: 10 },
  password_restore: { link: 'https://anketa.example/restore-password?token=a_b-c', minutes: 60 },
  email_changed: { newEmail: 'new@example.test' },
};

describe('mail templates', () => {
  it('exist for every kind in every language, signed with the site name', () => {
    for (const locale of LOCALES) {
      for (const kind of MAIL_KINDS) {
        const mail = renderMail(kind, locale, PARAMS[kind]);
        expect(mail.subject).toContain(locale === 'ru' ? 'Анкета' : 'Anketa');
        expect(mail.text).toMatch(locale === 'ru' ? /— Анкета$/ : /— Anketa$/);
        expect(mail.html).toContain(`<html lang="${locale}">`);
      }
    }
  });

  it('carry the code and the link in text and HTML', () => {
    const code = renderMail('registration_code', 'ru', PARAMS.registration_code);
    expect(code.text).toContain('012345');
    expect(code.html).toContain('>012345</strong>');
    expect(code.summary).toBe('code 012345');

    const link = renderMail('password_restore', 'en', PARAMS.password_restore);
    expect(link.text).toContain(PARAMS.password_restore.link);
    expect(link.html).toContain(`<a href="${PARAMS.password_restore.link}">`);
    expect(link.summary).toBe(PARAMS.password_restore.link);
  });

  it('escape what they interpolate in HTML', () => {
    const mail = renderMail('email_changed', 'en', { newEmail: '"<b>x</b>"@example.test' });
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.text).toContain('"<b>x</b>"@example.test');
  });
});
