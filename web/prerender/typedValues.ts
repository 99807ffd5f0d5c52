/**
 * What a visitor types into a prerendered page before the app takes it over (boot.tsx): the app's
 * fields start from it, a keystroke typed while the app renders is put into the app's field as it
 * is drawn, and the field that had the focus gets it back. No keystroke typed on a slow first visit
 * is lost. Fields are matched by their `name` and their place among the fields so named (a screen
 * may hold two forms with a `currentPassword` each: the app draws the same screen, in the same order).
 */
import { FRAME_TYPED_ATTRIBUTE } from '../../domain/contract/frameScript';
import { isHydrating } from './takeover';

/** A field by its name and its place among the fields so named: 'currentPassword#1'. */
type FieldKey = string;
const typed = new Map<FieldKey, string>();
let focused: FieldKey | null = null;

/** The fields of `scope` named `name`, in document order. */
function fieldsNamed(scope: ParentNode, name: string): Field[] {
  return Array.from(scope.querySelectorAll<Field>('input[name], textarea[name]')).filter(
    (field) => field.name === name,
  );
}

function keyOf(field: Field, scope: ParentNode): FieldKey {
  return `${field.name}#${Math.max(0, fieldsNamed(scope, field.name).indexOf(field))}`;
}

/** The app's field a key names, in the markup it drew. */
function fieldAt(drawn: HTMLElement, key: FieldKey): Field | undefined {
  const at = key.lastIndexOf('#');
  return fieldsNamed(drawn, key.slice(0, at))[Number(key.slice(at + 1))];
}

type Field = HTMLInputElement | HTMLTextAreaElement;
const isField = (element: unknown): element is Field =>
  element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;

/**
 * Follows the named fields of the prerendered markup (their values and the focus) from now until
 * the takeover's commit; answers the function to call in that commit, with the app's fields drawn.
 */
export function watchTypedValues(
  container: HTMLElement | ShadowRoot,
  { typedOnly = false } = {},
): (drawn: HTMLElement) => void {
  const read = (field: Field) => {
    if (field.name) typed.set(keyOf(field, container), field.value);
  };
  const readFocus = () => {
    // Inside a shadow root (the home screen's frame) the document sees only its host as focused.
    const active =
      container instanceof ShadowRoot ? container.activeElement : document.activeElement;
    focused =
      isField(active) && active.name && container.contains(active)
        ? keyOf(active, container)
        : null;
  };
  // An empty field has nothing to keep: the app's own start value (a pre-filled email) stands. The
  // frame's fields were drawn with the values of the last run, which the app has too: only those
  // typed into (marked so by the frame's script) are kept (`typedOnly`).
  container
    .querySelectorAll<Field>(
      typedOnly
        ? `input[name][${FRAME_TYPED_ATTRIBUTE}], textarea[name][${FRAME_TYPED_ATTRIBUTE}]`
        : 'input[name], textarea[name]',
    )
    .forEach((field) => (typedOnly || field.value !== '') && read(field));
  readFocus();
  const handleInput = (event: Event) => {
    if (isField(event.target)) read(event.target);
  };
  // Read a task later: the takeover's commit removes the focused field (which may fire a focusout)
  // and has restored the focus by then; a tap elsewhere has moved it.
  const handleFocusOut = () => setTimeout(readFocus, 0);
  container.addEventListener('input', handleInput);
  container.addEventListener('focusin', readFocus);
  container.addEventListener('focusout', handleFocusOut);
  return (drawn) => {
    container.removeEventListener('input', handleInput);
    container.removeEventListener('focusin', readFocus);
    container.removeEventListener('focusout', handleFocusOut);
    for (const [key, value] of typed) {
      const field = fieldAt(drawn, key);
      if (field) giveTypedValue(field, value);
    }
    typed.clear();
    if (focused) fieldAt(drawn, focused)?.focus();
    focused = null;
  };
}

/**
 * Hands a typed value to the app's field as typing does (React listens for 'input' and reads the
 * native value), so the app's state follows: a field drawn anew may hold an older start value (the
 * render is sliced); a hydrated one shows the value already, but the app's state never saw it typed.
 * React reacts only to a value its tracker (the element's own `value` setter) has not seen: the
 * field is told another value that way first, then given the typed one past the tracker.
 */
function giveTypedValue(field: Field, value: string): void {
  // The caret stays where it was (an email field has none to keep: its selection reads null).
  const { selectionStart: start, selectionEnd: end } = field;
  const keepCaret = document.activeElement === field && start !== null && end !== null;
  field.value = value === '' ? ' ' : '';
  const prototype =
    field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (keepCaret) field.setSelectionRange(start, end);
}

/**
 * The value typed into the (first) field of that name before the takeover ('' if none), for the app's field to
 * start from. '' while hydrating: a hydrated field must start as the build drew it (React does not
 * correct a hydrated element's attributes, such as a button's `disabled`); it gets the value at the commit.
 */
export function takeTypedValue(name: string): string {
  return isHydrating() ? '' : (typed.get(`${name}#0`) ?? '');
}
