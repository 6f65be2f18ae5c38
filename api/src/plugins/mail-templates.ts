import type { Locale, MailKind } from 'contracts';

/** What each kind of mail interpolates. */
export interface MailParams {
  registration_code: { code: string; minutes: number };
  password_restore: { link: string; minutes: number };
  email_changed: { newEmail: string };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** The part a person needs (the code, the link), for the console line of the embedded default. */
  summary: string;
}

const SITE_NAME: Record<Locale, string> = { ru: 'Анкета', en: 'Anketa' };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A mail is a few paragraphs; `{{link}}` and `{{code}}` become a link and bold text in HTML. */
interface Template {
  subject: string;
  paragraphs: string[];
}

type Templates = { [K in MailKind]: (params: MailParams[K]) => Template };

const TEMPLATES: Record<Locale, Templates> = {
  ru: {
    registration_code: ({ minutes }) => ({
      subject: `Код подтверждения регистрации — ${SITE_NAME.ru}`,
      paragraphs: [
        'Здравствуйте!',
        `Ваш код для завершения регистрации на сайте ${SITE_NAME.ru}: {{code}}`,
        `Код действует ${minutes} минут. Если вы не регистрировались, просто проигнорируйте это письмо.`,
      ],
    }),
    password_restore: ({ minutes }) => ({
      subject: `Восстановление пароля — ${SITE_NAME.ru}`,
      paragraphs: [
        'Здравствуйте!',
        `Мы получили запрос на восстановление пароля на сайте ${SITE_NAME.ru}. Чтобы задать новый пароль, перейдите по ссылке:`,
        '{{link}}',
        `Ссылка действует ${minutes} минут и срабатывает один раз. Если вы не запрашивали восстановление, проигнорируйте это письмо: пароль останется прежним.`,
      ],
    }),
    email_changed: ({ newEmail }) => ({
      subject: `E-mail аккаунта изменён — ${SITE_NAME.ru}`,
      paragraphs: [
        'Здравствуйте!',
        `Адрес e-mail вашего аккаунта на сайте ${SITE_NAME.ru} изменён на ${newEmail}. Письма теперь приходят на новый адрес.`,
        'Если вы этого не делали, как можно скорее восстановите доступ к аккаунту через восстановление пароля.',
      ],
    }),
  },
  en: {
    registration_code: ({ minutes }) => ({
      subject: `Your registration code — ${SITE_NAME.en}`,
      paragraphs: [
        'Hello,',
        `Your code to complete registration on ${SITE_NAME.en}: {{code}}`,
        `The code is valid for ${minutes} minutes. If you did not register, simply ignore this e-mail.`,
      ],
    }),
    password_restore: ({ minutes }) => ({
      subject: `Password recovery — ${SITE_NAME.en}`,
      paragraphs: [
        'Hello,',
        `We received a request to reset your password on ${SITE_NAME.en}. To choose a new password, open this link:`,
        '{{link}}',
        `The link is valid for ${minutes} minutes and works once. If you did not ask for it, ignore this e-mail: your password stays the same.`,
      ],
    }),
    email_changed: ({ newEmail }) => ({
      subject: `Your account e-mail was changed — ${SITE_NAME.en}`,
      paragraphs: [
        'Hello,',
        `The e-mail address of your ${SITE_NAME.en} account was changed to ${newEmail}. Mail now goes to the new address.`,
        'If you did not do this, recover access to your account with password recovery as soon as possible.',
      ],
    }),
  },
};

export function renderMail<K extends MailKind>(kind: K, locale: Locale, params: MailParams[K]): RenderedMail {
  const template = (TEMPLATES[locale][kind] as (p: MailParams[K]) => Template)(params);
  const values = params as Partial<Record<'code' | 'link', string>>;
  const fill = (paragraph: string, html: boolean) =>
    (html ? escapeHtml(paragraph) : paragraph).replace(
      /{{(code|link)}}/g,
      (_match, name: 'code' | 'link') => {
        const value = values[name] ?? '';
        if (!html) return value;
        return name === 'link'
          ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>`
          : `<strong style="font-size:20px;letter-spacing:3px">${escapeHtml(value)}</strong>`;
      },
    );
  const signature = `— ${SITE_NAME[locale]}`;
  const text = [...template.paragraphs.map((p) => fill(p, false)), signature].join('\n\n');
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">`,
    ...template.paragraphs.map((p) => `<p>${fill(p, true)}</p>`),
    `<p>${escapeHtml(signature)}</p>`,
    '</body></html>',
  ].join('\n');
  const summary =
    values.code !== undefined
      ? `code ${values.code}`
      : values.link !== undefined
        ? values.link
        : template.subject;
  return { subject: template.subject, text, html, summary };
}
