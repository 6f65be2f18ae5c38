/**
 * The entry `contracts/common-passwords`, apart from the main entry because its list weighs tens
 * of KB: the API imports it, the browser loads it only when a form checks a new password.
 */
import { COMMON_PASSWORDS } from './list';

let known: ReadonlySet<string> | undefined;

/** True for one of the most common passwords, in any letter case: guessers try "Password" too. */
export function isCommonPassword(password: string): boolean {
  known ??= new Set(COMMON_PASSWORDS.split('\n'));
  return known.has(password.toLowerCase());
}
