import type { APIRequestContext } from '@playwright/test';

// The shapes of contracts' DevMailResponse; e2e talks to the API over HTTP only.
type MailKind =
  | 'registration_code'
  | 'registration_attempt'
  | 'password_restore'
  | 'email_change_confirm'
  | 'email_change_requested'
  | 'email_in_use'
  | 'email_changed';
type AccountType = 'girl' | 'advister';
interface DevMailMessage {
  id: number;
  to: string;
  kind: string;
  text: string;
}
interface DevMailResponse {
  messages: DevMailMessage[];
}

/** A fresh address per journey, so runs never meet each other's accounts. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * Waits for a mail in the development outbox (GET /api/dev/mail.json, served when the API runs
 * with NODE_ENV=development) newer than `afterId`. Some mails are sent after the answer.
 */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  kind: MailKind,
  afterId = 0,
): Promise<DevMailMessage> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await request.get(`/api/dev/mail.json?to=${encodeURIComponent(to)}`);
    if (!response.ok())
      throw new Error(`outbox answered ${response.status()}: is the API in development mode?`);
    const { messages } = (await response.json()) as DevMailResponse;
    const found = messages.find((message) => message.kind === kind && message.id > afterId);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${kind} mail to ${to}`);
}

export function codeFrom(mail: DevMailMessage): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

/** The first link to a page of the site at `path` in a mail's text. */
export function linkFrom(mail: DevMailMessage, path: string): URL {
  const link = new RegExp(`https?://\\S+${path}\\?token=\\S+`).exec(mail.text)?.[0];
  if (!link) throw new Error(`no ${path} link in: ${mail.text}`);
  return new URL(link);
}

export function restoreLinkFrom(mail: DevMailMessage): URL {
  const link = /https?:\/\/\S+\/restore-password\?token=\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no restore link in: ${mail.text}`);
  return new URL(link);
}

export async function csrfHeader(request: APIRequestContext): Promise<Record<string, string>> {
  await request.get('/api/health');
  const { cookies } = await request.storageState();
  return { 'x-csrf-token': cookies.find((cookie) => cookie.name === 'csrf_token')?.value ?? '' };
}

/**
 * Registers an account through the API with the mailed code, as the registration screens do.
 * With a browser context's `request`, that context ends up signed in.
 */
export async function registerThroughApi(
  request: APIRequestContext,
  account: { email: string; password: string; accountType: AccountType },
): Promise<void> {
  const sent = await request.post('/api/auth/send-registration-code', {
    data: account,
    headers: await csrfHeader(request),
  });
  if (!sent.ok()) throw new Error(`send-registration-code: ${sent.status()} ${await sent.text()}`);
  const code = codeFrom(await waitForMail(request, account.email, 'registration_code'));
  const verified = await request.post('/api/auth/verify-registration-code', {
    data: { email: account.email, code },
    headers: await csrfHeader(request),
  });
  if (!verified.ok())
    throw new Error(`verify-registration-code: ${verified.status()} ${await verified.text()}`);
}
