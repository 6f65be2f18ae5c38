import type { Locale, PaymentOrderStatus } from 'contracts';
import { isFinal } from './status';

const TEXTS = {
  ru: {
    title: 'Тестовая оплата',
    notice: 'Это тестовый платёжный шлюз сайта: настоящие деньги не списываются и не зачисляются.',
    order: 'Заказ',
    amount: 'Сумма пополнения',
    toPay: 'К оплате',
    rate: 'Демо-курс: 1 USDT = {{rate}} ₽',
    status: 'Статус',
    choose: 'Что сделать с платежом?',
    pay: 'Оплатить',
    partial: 'Оплатить частично (половину)',
    fail: 'Платёж не прошёл',
    expire: 'Истёк срок оплаты',
    done: 'Заказ завершён: шлюз больше ничего не отправит.',
    back: 'Вернуться на сайт',
    statuses: {
      created: 'создан',
      waiting: 'ожидает оплаты',
      confirming: 'подтверждается',
      confirmed: 'подтверждён',
      partially_paid: 'оплачен частично',
      finished: 'оплачен',
      failed: 'ошибка оплаты',
      expired: 'срок истёк',
    },
  },
  en: {
    title: 'Sandbox payment',
    notice: "This is the site's test payment gateway: no real money is taken or paid.",
    order: 'Order',
    amount: 'Top-up amount',
    toPay: 'To pay',
    rate: 'Demo rate: 1 USDT = {{rate}} ₽',
    status: 'Status',
    choose: 'What should happen to the payment?',
    pay: 'Pay',
    partial: 'Pay part of it (half)',
    fail: 'Payment fails',
    expire: 'Payment expires',
    done: 'The order is complete: the gateway will send nothing more.',
    back: 'Back to the site',
    statuses: {
      created: 'created',
      waiting: 'waiting for payment',
      confirming: 'confirming',
      confirmed: 'confirmed',
      partially_paid: 'partially paid',
      finished: 'paid',
      failed: 'payment failed',
      expired: 'expired',
    },
  },
} satisfies Record<Locale, unknown>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const rubles = (kopecks: number, locale: Locale) =>
  `${(kopecks / 100).toLocaleString(locale === 'ru' ? 'ru-RU' : 'en-US', { maximumFractionDigits: 2 })} ₽`;

export interface SandboxPageData {
  orderId: string;
  amountKopecks: number;
  payAmount: string;
  rubPerUsd: number;
  status: PaymentOrderStatus;
  token: string;
  /** The result page to go back to once the order is complete. */
  backPath: string;
}

/**
 * The sandbox gateway's payment page. Plain HTML forms and no script, so the site's
 * Content-Security-Policy (scripts from this origin only, forms posting to it) holds as is.
 * Each button posts the order's checkout token back: see the routes for why not the CSRF token.
 */
export function renderSandboxPage(data: SandboxPageData, locale: Locale): string {
  const t = TEXTS[locale];
  const action = `/api/payments/sandbox/${encodeURIComponent(data.orderId)}`;
  const button = (outcome: 'pay' | 'partial' | 'fail' | 'expire', label: string) =>
    `<button type="submit" name="outcome" value="${outcome}">${escapeHtml(label)}</button>`;
  const actions = isFinal(data.status)
    ? `<p>${escapeHtml(t.done)}</p>\n<p><a href="${escapeHtml(data.backPath)}">${escapeHtml(t.back)}</a></p>`
    : `<form method="post" action="${escapeHtml(action)}">
  <input type="hidden" name="token" value="${escapeHtml(data.token)}">
  <input type="hidden" name="lang" value="${locale}">
  <fieldset>
    <legend>${escapeHtml(t.choose)}</legend>
    ${button('pay', t.pay)}
    ${button('partial', t.partial)}
    ${button('fail', t.fail)}
    ${button('expire', t.expire)}
  </fieldset>
</form>`;
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(t.title)}</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; color: #1d1d1f; }
  .notice { background: #fff4d6; border-radius: 8px; padding: 0.75rem 1rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.5rem 1rem; }
  dt { color: #555; }
  dd { margin: 0; font-weight: 600; }
  fieldset { border: 1px solid #ccc; border-radius: 8px; display: grid; gap: 0.5rem; padding: 1rem; }
  button { font: inherit; padding: 0.6rem 1rem; border-radius: 6px; border: 1px solid #888; background: #fff; cursor: pointer; }
  button[value="pay"] { background: #1b7f3b; border-color: #1b7f3b; color: #fff; }
  button:focus-visible { outline: 3px solid #1a5fb4; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(t.title)}</h1>
<p class="notice">${escapeHtml(t.notice)}</p>
<dl>
  <dt>${escapeHtml(t.order)}</dt><dd>${escapeHtml(data.orderId)}</dd>
  <dt>${escapeHtml(t.amount)}</dt><dd>${escapeHtml(rubles(data.amountKopecks, locale))}</dd>
  <dt>${escapeHtml(t.toPay)}</dt><dd>${escapeHtml(data.payAmount)} USDT (TRC-20)</dd>
  <dt>${escapeHtml(t.status)}</dt><dd>${escapeHtml(t.statuses[data.status])}</dd>
</dl>
<p>${escapeHtml(t.rate.replace('{{rate}}', String(data.rubPerUsd)))}</p>
${actions}
</main>
</body>
</html>`;
}
