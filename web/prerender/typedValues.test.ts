// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { takeTypedValue, watchTypedValues } from './typedValues';

// What a rep types into a screen drawn before the app (a public page, a signed-in shell) reaches the
// app's own fields at the takeover's commit, in the same place.

const SCREEN = `
  <form aria-label="Change your password"><input name="newPassword"><input name="currentPassword"></form>
  <form aria-label="Change your email"><input name="email"><input name="currentPassword"></form>`;

afterEach(() => {
  document.body.innerHTML = '';
});

function type(field: HTMLInputElement, value: string): void {
  field.focus();
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('typed values at the takeover', () => {
  it('go to the same field of two that share a name, and the focus with them', () => {
    document.body.innerHTML = `<div id="root">${SCREEN}</div><div id="app"></div>`;
    const root = document.getElementById('root')!;
    const finish = watchTypedValues(root);
    const [, secondPassword] = root.querySelectorAll<HTMLInputElement>('[name="currentPassword"]');
    type(root.querySelector<HTMLInputElement>('[name="email"]')!, 'dana@freightly.com');
    type(secondPassword!, 'pw-of-the-email-form');

    // The app draws the screen anew, with its own (empty) fields.
    const app = document.getElementById('app')!;
    app.innerHTML = SCREEN;
    const changes: string[] = [];
    app.addEventListener('input', (event) => {
      const field = event.target as HTMLInputElement;
      changes.push(`${field.closest('form')!.getAttribute('aria-label')}: ${field.value}`);
    });
    finish(app);

    const [passwordForm, emailForm] = app.querySelectorAll('form');
    expect(passwordForm!.querySelector<HTMLInputElement>('[name="currentPassword"]')!.value).toBe(
      '',
    );
    expect(emailForm!.querySelector<HTMLInputElement>('[name="currentPassword"]')!.value).toBe(
      'pw-of-the-email-form',
    );
    expect(changes).toEqual([
      'Change your email: dana@freightly.com',
      'Change your email: pw-of-the-email-form',
    ]);
    expect(document.activeElement).toBe(emailForm!.querySelector('[name="currentPassword"]'));
  });

  it("start the first field of a name from what was typed there, once, until the app's commit", () => {
    document.body.innerHTML = `<div id="root"><input name="idea"></div>`;
    const root = document.getElementById('root')!;
    const finish = watchTypedValues(root);
    type(root.querySelector('input')!, 'Robots that fold laundry');
    expect(takeTypedValue('idea')).toBe('Robots that fold laundry');
    expect(takeTypedValue('other')).toBe('');
    finish(root);
    expect(takeTypedValue('idea')).toBe('');
  });
});
