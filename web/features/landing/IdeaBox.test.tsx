import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdeaBox } from './IdeaBox';

afterEach(cleanup);

/** Types into the Ionic input the way Ionic reports it: an ionInput event with the new value. */
function typeIdea(input: Element, value: string) {
  act(() => {
    input.dispatchEvent(new CustomEvent('ionInput', { detail: { value }, bubbles: true }));
  });
}

function setup() {
  const onAnalyze = vi.fn();
  const view = render(<IdeaBox onAnalyze={onAnalyze} />);
  const input = view.container.querySelector('ion-input');
  const button = [...view.container.querySelectorAll('ion-button')].find((b) => b.textContent?.includes('Analyze (without signing up)'));
  if (!input || !button) throw new Error('IdeaBox did not render its input and button');
  return { onAnalyze, input, button: button as HTMLIonButtonElement, form: view.container.querySelector('form') as HTMLFormElement };
}

describe('the landing idea box', () => {
  it("disables 'Analyze (without signing up)' while the idea is blank", () => {
    const { input, button } = setup();
    expect(button.disabled).toBe(true);
    typeIdea(input, '   ');
    expect(button.disabled).toBe(true);
  });

  it('enables it once there is an idea, and hands over the trimmed idea', () => {
    const { input, button, form, onAnalyze } = setup();
    typeIdea(input, '  A marketplace for used lab equipment  ');
    expect(button.disabled).toBe(false);
    fireEvent.submit(form);
    expect(onAnalyze).toHaveBeenCalledWith('A marketplace for used lab equipment');
  });

  it('does nothing on submit while blank', () => {
    const { form, onAnalyze } = setup();
    fireEvent.submit(form);
    expect(onAnalyze).not.toHaveBeenCalled();
  });
});
