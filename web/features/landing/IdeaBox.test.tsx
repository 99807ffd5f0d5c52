import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdeaBox } from './IdeaBox';

afterEach(cleanup);

function typeIdea(input: HTMLInputElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

function setup() {
  const onAnalyze = vi.fn();
  const view = render(<IdeaBox onAnalyze={onAnalyze} />);
  const input = view.getByRole('textbox', { name: 'Your startup idea' }) as HTMLInputElement;
  const button = view.getByRole('button', { name: 'Analyze (without signing up)' }) as HTMLButtonElement;
  return { onAnalyze, input, button, form: view.container.querySelector('form') as HTMLFormElement };
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
