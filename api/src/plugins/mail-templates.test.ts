import { LOCALES, MAIL_KINDS } from 'contracts';
import { describe, expect, it } from 'vitest';
import { type MailParams, renderMail } from './mail-templates';

const PARAMS: MailParams = {
  registration_code: { code: '012345', minutes: 10 },
  registration_attempt: {
    loginLink: 'https://anketa.example/login/girl',
    restoreLink: 'https://anketa.example/forgot-password',
  },
  password_restore: { link: 'https://anketa.example/restore-password?token=a_b-c', minutes: 60 },
  email_change_confirm: { link: 'https://anketa.example/confirm-email?token=x_y-z', hours: 24 },
  email_change_requested: { newEmail: 'new@example.test' },
  email_in_use: {
    loginLink: 'https://anketa.example/login/advister',
    restoreLink: 'https://anketa.example/forgot-password',
  },
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

  it('link both ways back in the notices to an owner, with no code', () => {
    for (const kind of ['registration_attempt', 'email_in_use'] as const) {
      for (const locale of LOCALES) {
        const mail = renderMail(kind, locale, PARAMS[kind]);
        expect(mail.text).toContain(PARAMS[kind].loginLink);
        expect(mail.text).toContain(PARAMS[kind].restoreLink);
        expect(mail.html).toContain(`<a href="${PARAMS[kind].restoreLink}">`);
        expect(mail.text).not.toMatch(/\b\d{6}\b/);
      }
    }
    const confirm = renderMail('email_change_confirm', 'en', PARAMS.email_change_confirm);
    expect(confirm.summary).toBe(PARAMS.email_change_confirm.link);
    expect(confirm.text).toContain('24 hours');
    expect(renderMail('email_change_requested', 'ru', PARAMS.email_change_requested).text).toContain(
      'new@example.test',
    );
  });

  it('escape what they interpolate in HTML', () => {
    const mail = renderMail('email_changed', 'en', { newEmail: '"<b>x</b>"@example.test' });
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.text).toContain('"<b>x</b>"@example.test');
  });
});
