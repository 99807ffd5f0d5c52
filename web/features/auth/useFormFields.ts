import { useState } from 'react';
import { useFieldErrors } from './useFieldErrors';

/**
 * A form's typed values, each field's error (useFieldErrors) and the failure that belongs to no
 * field. The fields are `initial`'s keys, in the form's order (the first at fault takes the focus).
 * `field(name)` is what a TextField takes: its name, value and error, and an onChange that keeps
 * the value and clears the field's error. `reset()` puts the form back as it began (after a
 * change is made).
 */
export function useFormFields<F extends string>(initial: () => Record<F, string>) {
  const [start] = useState(initial);
  const [values, setValues] = useState(start);
  const [failure, setFailure] = useState<string | null>(null);
  const { form, errors, show, clear } = useFieldErrors(Object.keys(start) as F[]);

  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      clear(name);
    },
  });

  const reset = () => {
    setValues(start);
    show({});
    setFailure(null);
  };

  return { values, field, form, show, failure, setFailure, reset };
}
