import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatInputBar } from './ChatInputBar';

afterEach(cleanup);

/** The bar as the chat holds it: a reply streaming, the next message typed meanwhile. */
function StreamingWithTextTyped({ onSend }: { onSend: (text: string) => void }) {
  const [loading, setLoading] = useState(true);
  const [value, setValue] = useState('And then?');
  return (
    <ChatInputBar
      value={value}
      onChange={setValue}
      onSend={onSend}
      // The stream ends at once: the bar draws Send again while the tap is still being handled.
      onStop={() => flushSync(() => setLoading(false))}
      isLoading={loading}
    />
  );
}

describe('the chat input bar', () => {
  it('a tap on Stop stops the reply and never sends what was typed meanwhile, though Send takes its place at once', () => {
    const onSend = vi.fn();
    render(<StreamingWithTextTyped onSend={onSend} />);
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(false);
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Message' }).value).toBe(
      'And then?',
    );
  });
});
