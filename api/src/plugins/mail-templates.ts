import type { Locale, MailKind } from 'contracts';

/** What each kind of mail interpolates. */
export interface MailParams {
  registration_code: { code: string; minutes: number };
  registration_attempt: { loginLink: string; restoreLink: string };
  password_restore: { link: string; minutes: number };
  email_change_confirm: { link: string; hours: number };
  email_change_requested: { newEmail: string };
  email_in_use: { loginLink: string; restoreLink: string };
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

/** A mail is a few paragraphs; `{{code}}` becomes bold text and the `{{...link}}`s links in HTML. */
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
    registration_attempt: () => ({
      subject: `Попытка регистрации с вашим адресом — ${SITE_NAME.ru}`,
      paragraphs: [
        'Здравствуйте!',
        `Кто-то пытался зарегистрироваться на сайте ${SITE_NAME.ru} с этим адресом e-mail, но у вас уже есть аккаунт с ним. Новый аккаунт не создан.`,
        'Если это были вы, просто войдите:',
        '{{loginLink}}',
        'Если вы не помните пароль, восстановите его:',
        '{{restoreLink}}',
        'Если это были не вы, ничего делать не нужно: ваш аккаунт не изменился.',
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
    email_change_confirm: ({ hours }) => ({
      subject: `Подтвердите новый e-mail — ${SITE_NAME.ru}`,
      paragraphs: [
        'Здравствуйте!',
        `Этот адрес указан как новый e-mail аккаунта на сайте ${SITE_NAME.ru}. Чтобы подтвердить его, перейдите по ссылке:`,
        '{{link}}',
        `Ссылка действует ${hours} ч и срабатывает один раз. До подтверждения у аккаунта остаётся прежний адрес. Если вы ничего не меняли, проигнорируйте это письмо.`,
      ],
    }),
    email_change_requested: ({ newEmail }) => ({
      subject: `Запрошена смена e-mail — ${SITE_NAME.ru}`,
      paragraphs: [
        'Здравствуйте!',
        `Для вашего аккаунта на сайте ${SITE_NAME.ru} запрошена смена e-mail на ${newEmail}. Адрес сменится, только когда его подтвердят по ссылке из письма на новый адрес.`,
        'Если вы этого не делали, смените пароль: смена пароля отменяет и эту смену адреса.',
      ],
    }),
    email_in_use: () => ({
      subject: `Ваш адрес пытались указать для другого аккаунта — ${SITE_NAME.ru}`,
      paragraphs: [
        'Здравствуйте!',
        `Кто-то пытался указать этот адрес e-mail в другом аккаунте на сайте ${SITE_NAME.ru}. Ничего не изменилось: адрес остаётся у вашего аккаунта.`,
        'Если это были вы, войдите в аккаунт, которому принадлежит этот адрес:',
        '{{loginLink}}',
        'Если вы не помните пароль, восстановите его:',
        '{{restoreLink}}',
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
    registration_attempt: () => ({
      subject: `Someone tried to register with your address — ${SITE_NAME.en}`,
      paragraphs: [
        'Hello,',
        `Someone tried to register on ${SITE_NAME.en} with this e-mail address, but you already have an account with it. No new account was created.`,
        'If it was you, simply sign in:',
        '{{loginLink}}',
        'If you do not remember your password, restore it:',
        '{{restoreLink}}',
        'If it was not you, there is nothing to do: your account has not changed.',
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
    email_change_confirm: ({ hours }) => ({
      subject: `Confirm your new e-mail — ${SITE_NAME.en}`,
      paragraphs: [
        'Hello,',
        `This address was given as the new e-mail of an account on ${SITE_NAME.en}. To confirm it, open this link:`,
        '{{link}}',
        `The link is valid for ${hours} hours and works once. Until it is confirmed the account keeps its old address. If you changed nothing, ignore this e-mail.`,
      ],
    }),
    email_change_requested: ({ newEmail }) => ({
      subject: `E-mail change requested — ${SITE_NAME.en}`,
      paragraphs: [
        'Hello,',
        `A change of the e-mail of your ${SITE_NAME.en} account to ${newEmail} was requested. The address changes only once it is confirmed with the link mailed to the new address.`,
        'If you did not do this, change your password: that cancels this change of address too.',
      ],
    }),
    email_in_use: () => ({
      subject: `Your address was given for another account — ${SITE_NAME.en}`,
      paragraphs: [
        'Hello,',
        `Someone tried to give this e-mail address to another account on ${SITE_NAME.en}. Nothing changed: the address stays with your account.`,
        'If it was you, sign in to the account this address belongs to:',
        '{{loginLink}}',
        'If you do not remember your password, restore it:',
        '{{restoreLink}}',
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

type Placeholder = 'code' | 'link' | 'loginLink' | 'restoreLink';
const PLACEHOLDER = /{{(code|link|loginLink|restoreLink)}}/g;

export function renderMail<K extends MailKind>(kind: K, locale: Locale, params: MailParams[K]): RenderedMail {
  const template = (TEMPLATES[locale][kind] as (p: MailParams[K]) => Template)(params);
  const values = params as Partial<Record<Placeholder, string>>;
  const fill = (paragraph: string, html: boolean) =>
    (html ? escapeHtml(paragraph) : paragraph).replace(PLACEHOLDER, (_match, name: Placeholder) => {
      const value = values[name] ?? '';
      if (!html) return value;
      return name === 'code'
        ? `<strong style="font-size:20px;letter-spacing:3px">${escapeHtml(value)}</strong>`
        : `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>`;
    });
  const signature = `— ${SITE_NAME[locale]}`;
  const text = [...template.paragraphs.map((p) => fill(p, false)), signature].join('\n\n');
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">`,
    ...template.paragraphs.map((p) => `<p>${fill(p, true)}</p>`),
    `<p>${escapeHtml(signature)}</p>`,
    '</body></html>',
  ].join('\n');
  const summary =
    values.code !== undefined ? `code ${values.code}` : (values.link ?? values.loginLink ?? template.subject);
  return { subject: template.subject, text, html, summary };
}
