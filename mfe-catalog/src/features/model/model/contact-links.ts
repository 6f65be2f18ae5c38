import type { ModelDetails } from 'contracts';

export type ContactKind = keyof ModelDetails['contacts'];

/** A stored number as the messengers' links want it: digits, with the plus for tel: only. */
const digits = (phone: string) => phone.replace(/\D/g, '');

/**
 * The link that opens a contact where people expect it: the dialler for a phone, the app (or its
 * web page) for Telegram, WhatsApp and Viber. Stored values are already normalised by contracts.
 */
export function contactHref(kind: ContactKind, value: string): string {
  switch (kind) {
    case 'phone':
      return `tel:+${digits(value)}`;
    case 'telegram':
      return `https://t.me/${encodeURIComponent(value.replace(/^@/, ''))}`;
    case 'whatsapp':
      return `https://wa.me/${digits(value)}`;
    case 'viber':
      return `viber://chat?number=${encodeURIComponent(`+${digits(value)}`)}`;
  }
}

/** How a contact reads on the page: a Telegram name with its @, numbers as stored. */
export function contactLabel(kind: ContactKind, value: string): string {
  return kind === 'telegram' ? `@${value.replace(/^@/, '')}` : value;
}
