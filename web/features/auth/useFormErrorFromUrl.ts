import { useEffect, useRef } from 'react';
import { authFormError } from '../../../domain/contract/authForm';
import { useHydrating } from '../../prerender/takeover';

/**
 * What went wrong with a form the browser posted itself before the app took the page over: the
 * server sent the rep back with `?error=<code>` (never what was typed), and the form shows it once,
 * as its own failures show. Not while the page hydrates: the build drew the form without it.
 */
export function useFormErrorFromUrl(
  code: string | undefined,
  show: (error: { message: string; field?: string }) => void,
): void {
  const hydrating = useHydrating();
  const shown = useRef(false);
  useEffect(() => {
    if (hydrating || shown.current) return;
    shown.current = true;
    const error = authFormError(code);
    if (error) show(error);
  }, [hydrating, code, show]);
}
