import { useRef, useState } from 'react';

/** What is wrong with each field of a form, by its input's name; a field that is fine is absent. */
export type ErrorsByField = Partial<Record<string, string>>;

/**
 * A form's errors by field: all shown at once beside their fields, the first field at fault in
 * `order` (the form's, top to bottom) focused (the browser scrolls it into view only when it is
 * not), and a field's error gone once it is edited. Any form's fields: the sign-in and
 * registration forms', the account screen's.
 */
export function useFieldErrors<F extends string>(order: readonly F[]) {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<ErrorsByField>({});

  /**
   * Shows `found` (the form's own checks, or the server's `fields`: fieldErrorsOf); answers whether
   * any of it was this form's to show. A field not drawn yet is focused by its form once it is.
   */
  const show = (found: ErrorsByField): boolean => {
    setErrors(found);
    const first = order.find((field) => found[field]);
    if (first) form.current?.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
    return first !== undefined;
  };

  const clear = (field: F) =>
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _gone, ...rest } = current;
      return rest;
    });

  return { form, errors, show, clear };
}
