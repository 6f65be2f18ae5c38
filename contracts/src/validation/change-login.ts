import * as v from 'valibot';
import { mustMatch } from './must-match';
import { LOGIN_MAX_LENGTH } from '../constants';

const loginField = (requiredKey: string) =>
  v.pipe(
    v.string(requiredKey),
    v.trim(),
    v.nonEmpty(requiredKey),
    v.regex(/^[A-Za-z0-9]+$/, 'validation.loginLatinDigits'),
    v.maxLength(LOGIN_MAX_LENGTH, 'validation.loginTooLong'),
  );

/**
 * The change-login form. A login must also be unique; only the server can tell, and it
 * answers LOGIN_TAKEN.
 */
export const changeLoginSchema = v.pipe(
  v.object(
    {
      login: loginField('validation.loginRequired'),
      confirmLogin: loginField('validation.confirmLoginRequired'),
    },
    'validation.required',
  ),
  mustMatch('login', 'confirmLogin', 'validation.loginMismatch'),
);
export type ChangeLoginInput = v.InferOutput<typeof changeLoginSchema>;
