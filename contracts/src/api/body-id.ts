import * as v from 'valibot';
import { positiveIntString } from '../common';

/** The largest id a body may name: the same 9 digits a path id may have, well inside int4. */
const MAX_BODY_ID = 999_999_999;

/**
 * A positive integer id in a JSON body. Front ends often hold ids read from the URL, so the
 * digit string ("12") is accepted as well as the number; both come out as a number.
 */
export const bodyIdSchema = (message: string) =>
  v.union(
    [
      v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(MAX_BODY_ID, message)),
      positiveIntString(message),
    ],
    message,
  );
