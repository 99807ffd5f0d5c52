import { useRef, useState } from 'react';
import type { AccountField, FieldErrors } from '../../../domain/accountFields';
import { firstFieldAtFault } from './authMessages';

/**
 * A form's errors by field: all shown at once beside their fields, the first field at fault focused
 * (the browser scrolls it into view only when it is not), and a field's error gone once it is edited.
 */
export function useFieldErrors() {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  /** Shows `found`; answers whether there was anything to show. */
  const show = (found: FieldErrors): boolean => {
    setErrors(found);
    const first = firstFieldAtFault(found);
    if (first) form.current?.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
    return first !== undefined;
  };

  const clear = (field: AccountField) =>
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _gone, ...rest } = current;
      return rest;
    });

  return { form, errors, show, clear };
}
