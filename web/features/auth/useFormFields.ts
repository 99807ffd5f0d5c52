import { useState } from 'react';
import type { AccountField } from '../../../domain/accountFields';
import { useFieldErrors } from './useFieldErrors';

/**
 * An account form's typed values, each field's error (useFieldErrors) and the failure that belongs
 * to no field. `field(name)` is what a TextField takes: its name, value and error, and an onChange
 * that keeps the value and clears the field's error.
 */
export function useFormFields<F extends AccountField>(initial: () => Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const { form, errors, show, clear } = useFieldErrors();

  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      clear(name);
    },
  });

  return { values, field, form, show, failure, setFailure };
}
