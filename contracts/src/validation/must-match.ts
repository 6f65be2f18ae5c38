import * as v from 'valibot';

/**
 * The confirming field must repeat `field` (password and its confirmation, login and its
 * confirmation); the message shows under the confirming field, once both fields are valid.
 */
export function mustMatch<TForm extends Record<string, unknown>>(
  field: keyof TForm & string,
  confirmation: keyof TForm & string,
  message: string,
): v.BaseValidation<TForm, TForm, v.PartialCheckIssue<TForm>> {
  const check = v.partialCheck(
    [[field], [confirmation]],
    (form) => {
      const values = form as unknown as Record<string, unknown>;
      return values[field] === values[confirmation];
    },
    message,
  );
  return v.forward(check as never, [confirmation] as never) as never;
}
