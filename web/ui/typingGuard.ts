/**
 * Whether the user is in the middle of typing something not saved anywhere else (a non-empty chat
 * input): the app then never reloads on its own (a new version waits for the user's Reload).
 */
const typing = new Set<string>();

/** Report a field's state: `key` names the field, `holdsText` whether it holds unsent text. */
export function setTyping(key: string, holdsText: boolean): void {
  if (holdsText) typing.add(key);
  else typing.delete(key);
}

export function isTyping(): boolean {
  return typing.size > 0;
}
