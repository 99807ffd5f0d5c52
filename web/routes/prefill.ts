import { PREFILL_MAX_CHARS } from '../../domain/limits';
import { optionalText } from './search';

/**
 * The first answer of the guided flow a reply's button opens, as the chat's no-model answer writes
 * it in its link ('Write the cold email to Dana Ortiz at Freightly' opens the cold email flow with
 * 'Dana Ortiz at Freightly' filled in). It is never a search param of ours: the button hands it
 * over in the history entry's state (Markdown.tsx). Plain text of at most PREFILL_MAX_CHARS, no
 * control characters; anything else is dropped.
 */
export function flowPrefill(value: unknown): string | undefined {
  const text = optionalText(value)?.trim();
  // oxlint-disable-next-line no-control-regex -- control characters are exactly what is refused
  return text && text.length <= PREFILL_MAX_CHARS && !/[\u0000-\u001f\u007f]/.test(text)
    ? text
    : undefined;
}
