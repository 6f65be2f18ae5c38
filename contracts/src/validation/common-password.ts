import * as v from 'valibot';
import { PASSWORD_MIN_LENGTH } from '../constants';

/** Whether a password is one of the most common ones: `isCommonPassword` of `contracts/common-passwords`. */
export type CommonPasswordCheck = (password: string) => boolean;

const MESSAGE = 'validation.passwordTooCommon';

let loading: Promise<CommonPasswordCheck> | undefined;

/**
 * The list, loaded once on first use. A dynamic import: bundlers give the list a chunk of its own,
 * fetched only when a form checks a new password, never with a page's first scripts.
 */
export function loadCommonPasswordCheck(): Promise<CommonPasswordCheck> {
  // Named so a page's scripts show when the list is fetched (the e2e journeys check it is not early).
  loading ??= import(/* webpackChunkName: "common-passwords" */ '../common-passwords/index').then(
    (list) => list.isCommonPassword,
    (error: unknown) => {
      // A chunk that failed to load (a dropped connection) is fetched again next time.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The password of a form whose field is a string (a partial check runs only then). */
const passwordOf = (form: unknown, field: string) => String((form as Record<string, unknown>)[field]);

/**
 * A password the length rule refuses already has its message, and needs no list: a form does not
 * load the list while the person is still typing the first characters.
 */
const tooShortForTheList = (password: string) => password.length < PASSWORD_MIN_LENGTH;

/** Refuses `field` of a form (or a request body) when it is a common password. */
export function notCommonPassword<TForm extends Record<string, unknown>>(
  field: keyof TForm & string,
  isCommon: CommonPasswordCheck,
): v.BaseValidation<TForm, TForm, v.PartialCheckIssue<TForm>> {
  const check = v.partialCheck(
    [[field]],
    (form) => {
      const password = passwordOf(form, field);
      return tooShortForTheList(password) || !isCommon(password);
    },
    MESSAGE,
  );
  return v.forward(check as never, [field] as never) as never;
}

/**
 * The same check for a form in the browser, which loads the list the first time a password is
 * long enough to be checked (on blur or submit). If the list cannot be loaded the form lets the
 * password through: the server checks it again with its own copy.
 */
export function notCommonPasswordAsync<TForm extends Record<string, unknown>>(
  field: keyof TForm & string,
): v.BaseValidationAsync<TForm, TForm, v.PartialCheckIssue<TForm>> {
  const check = v.partialCheckAsync(
    [[field]],
    async (form) => {
      const password = passwordOf(form, field);
      if (tooShortForTheList(password)) return true;
      const isCommon = await loadCommonPasswordCheck().catch(() => null);
      return !isCommon?.(password);
    },
    MESSAGE,
  );
  return v.forwardAsync(check as never, [field] as never) as never;
}
