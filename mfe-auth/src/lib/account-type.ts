import { ACCOUNT_TYPES, type AccountType } from 'contracts';

/** The `:type` of /login/:type and /register/:type; anything else is not a page of ours. */
export function parseAccountType(value: string | undefined): AccountType | null {
  return (ACCOUNT_TYPES as readonly string[]).includes(value ?? '') ? (value as AccountType) : null;
}
