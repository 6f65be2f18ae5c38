import * as v from 'valibot';
import { REGISTRATION_CODE_LENGTH } from '../constants';

const CODE_PATTERN = new RegExp(`^\\d{${REGISTRATION_CODE_LENGTH}}$`);

/** The code sent by e-mail after registration. Spaces are dropped: people copy "123 456". */
export const registrationCodeSchema = v.pipe(
  v.string('validation.codeRequired'),
  v.transform((code) => code.replace(/\s/g, '')),
  v.nonEmpty('validation.codeRequired'),
  v.regex(CODE_PATTERN, 'validation.invalidCode'),
);

export const registrationCodeFormSchema = v.object({ code: registrationCodeSchema }, 'validation.required');
export type RegistrationCodeFormInput = v.InferOutput<typeof registrationCodeFormSchema>;
