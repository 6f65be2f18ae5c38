import { type ReactNode, useId } from 'react';
import { cx } from './cx';

/**
 * The ids that tie a field to its label, hint and error, and the description it announces: a
 * description given from outside first, then the hint, then the error. Input, Select and TextArea
 * share them so every field reads the same to assistive technology.
 */
export function useFieldIds(
  id: string | undefined,
  {
    hint,
    error,
    describedBy,
  }: { hint?: ReactNode; error?: string | undefined; describedBy?: string | undefined },
) {
  const generatedId = useId();
  const fieldId = id ?? generatedId;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  return {
    fieldId,
    hintId,
    errorId,
    describedBy: cx(describedBy, hint ? hintId : undefined, error ? errorId : undefined) || undefined,
  };
}
