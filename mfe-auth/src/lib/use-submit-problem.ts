import type { ErrorCode } from 'contracts';
import { useState } from 'react';
import type { ErrorOption } from 'react-hook-form';
import { useCountdown } from './countdown';
import { type FormProblem, problemFrom, serverFieldErrors } from './form-problem';

/**
 * What a form shows after a failed submit: field errors the server named go on their fields,
 * anything else becomes the form's problem (`known` codes, else `fallback`). After "too many
 * attempts" `waitSeconds` counts down the wait the server asked for, to hold the button.
 */
export function useSubmitProblem(known: Partial<Record<ErrorCode, string>>, fallback: string) {
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const waitSeconds = useCountdown(problem?.retryAt ?? null);
  const clear = () => setProblem(null);
  const report = <Field extends string>(
    error: unknown,
    fields: readonly Field[],
    setError: (field: Field, error: ErrorOption) => void,
  ) => {
    const onFields = serverFieldErrors(error, fields);
    for (const [field, message] of onFields) setError(field, { type: 'server', message });
    if (onFields.length === 0) setProblem(problemFrom(error, known, fallback));
  };
  return { problem, waitSeconds, clear, report };
}
