/**
 * The promo code typed on the registration form, kept apart from the cabinet's activated
 * deposit promo: it survives a reload or a detour to the other account type's form.
 */
export const REGISTRATION_PROMO_KEY = 'registration_promo';

export function readRegistrationPromo(): string {
  try {
    return globalThis.localStorage?.getItem(REGISTRATION_PROMO_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Stores the code as the server reads it (trimmed, upper case); a blank field forgets it. */
export function keepRegistrationPromo(value: string): void {
  const code = value.trim().toUpperCase();
  try {
    if (code) globalThis.localStorage?.setItem(REGISTRATION_PROMO_KEY, code);
    else globalThis.localStorage?.removeItem(REGISTRATION_PROMO_KEY);
  } catch {
    // Storage unavailable (private mode): the field still works for this visit.
  }
}

/** A finished registration used the code: the next registration on this browser starts blank. */
export function forgetRegistrationPromo(): void {
  keepRegistrationPromo('');
}
