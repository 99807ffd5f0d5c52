import { takeTypedValue } from '../../prerender/typedValues';
import { useFormErrorFromUrl } from './useFormErrorFromUrl';
import { useFormFields } from './useFormFields';

/**
 * The fields of a form the browser may have posted itself before the app took the page over
 * (sign-in, registration): what was typed into the prerendered page is kept (prerender/typedValues.ts),
 * else `start`'s value; the server's `?error=` shows beside the field it names, else above the button.
 */
export function usePrerenderedFormFields<F extends string>(
  names: readonly F[],
  errorCode: string | undefined,
  start: Partial<Record<F, string>> = {},
) {
  const fields = useFormFields(
    () =>
      Object.fromEntries(
        names.map((name) => [name, takeTypedValue(name) || (start[name] ?? '')]),
      ) as Record<F, string>,
  );
  useFormErrorFromUrl(errorCode, ({ message, field }) => {
    if (names.some((name) => name === field)) fields.show({ [field as F]: message });
    else fields.setFailure(message);
  });
  return fields;
}
