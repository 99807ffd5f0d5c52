import { useState } from 'react';
import type { FormEvent } from 'react';
import { fieldErrorsOf } from './authMessages';
import { useFieldErrors, type ErrorsByField } from './useFieldErrors';

/**
 * A form's typed values, each field's error (useFieldErrors) and the failure that belongs to no
 * field. The fields are `initial`'s keys, in the form's order (the first at fault takes the focus).
 * `field(name)` is what a TextField takes: its name, value and error, and an onChange that keeps
 * the value and clears the field's error. `reset()` puts the form back as it began (after a
 * change is made). `fail` shows a refusal, `submitWith` makes a submit that checks first.
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

  /** Shows why the server refused: beside the field it names, else once above the button. */
  const fail = (error: unknown, failureMessage: (error: unknown) => string) => {
    if (!show(fieldErrorsOf(error))) setFailure(failureMessage(error));
  };

  /** A submit that shows every field's problem (`check`) at once and sends only when there is none. */
  const submitWith =
    (
      check: (values: Record<F, string>) => ErrorsByField,
      send: (values: Record<F, string>) => void,
    ) =>
    (event: FormEvent) => {
      event.preventDefault();
      setFailure(null);
      if (show(check(values))) return;
      send(values);
    };

  return { values, field, form, show, failure, setFailure, reset, fail, submitWith };
}
