import { arrowUp, stop } from 'ionicons/icons';
import { useEffect, useId, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { earlyTap } from '../../../domain/contract/earlyTapScript';
import { MESSAGE_MAX_CHARS } from '../../../domain/limits';
import { appendAttachedText } from '../../../domain/transcripts/attach';
import type { PitchpadDb } from '../../data/db';
import { setTyping } from '../../ui/typingGuard';
import { MicButton } from '../debrief/MicButton';
import {
  AttachMessage,
  AttachTranscriptButton,
  type AttachNote,
} from '../transcripts/AttachTranscriptButton';
import { oneLine } from './useComposerDraft';
import { IconButton } from '../../ui/IconButton';

/** The message box's name and its form's early-tap key: what the frame's typing and send are matched by. */
export const CHAT_MESSAGE_FIELD = 'message';
export const CHAT_SEND_TAP = 'chat-send';

interface ChatInputBarProps {
  /** The microphone's: where a voice note's transcript goes (this chat's box). */
  voice?: { db: PitchpadDb; chatId?: string | undefined };
  value: string;
  onChange: (value: string) => void;
  onSend: (text: string) => void;
  onStop: () => void;
  isLoading: boolean;
}

/**
 * The input bar: one line, the microphone, the paperclip and Send. The paperclip reads a text
 * transcript into the message; there is no image icon: a control that does
 * nothing is a dead tap (docs/phone.md, point 9). Enter sends, Shift+Enter does not; Send is
 * disabled when the text is blank. While a reply streams, Stop stands where Send was (Enter sends
 * nothing meanwhile): above the bar it would cover the newest streamed line.
 */
export function ChatInputBar({
  voice,
  value,
  onChange,
  onSend,
  onStop,
  isLoading,
}: ChatInputBarProps) {
  const canSend = !isLoading && value.trim() !== '';
  const hasText = value.trim() !== '';
  const fieldId = useId();
  const [attachMessage, setAttachMessage] = useState<AttachNote | null>(null);

  const handleAttach = (text: string) => {
    // After what was typed; the box is one line, so the transcript's lines run on with spaces.
    const { value: next, note } = appendAttachedText(value, text, MESSAGE_MAX_CHARS);
    onChange(oneLine(next));
    setAttachMessage(note ? { text: note, problem: false } : null);
  };

  // A message being typed holds off an automatic reload for a new version (features/pwa).
  useEffect(() => {
    setTyping('chat-input', hasText);
    return () => setTyping('chat-input', false);
  }, [hasText]);

  const submit = () => {
    if (canSend) onSend(value);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // A one-line field would submit the form on any Enter, Shift+Enter included: only plain Enter sends.
    event.preventDefault();
    if (!event.shiftKey) submit();
  };

  return (
    <div className="chat-input">
      {attachMessage && (
        <AttachMessage note={attachMessage} className="chat-input__attach-message" />
      )}
      {/* The early-tap key and the field's name: a send or typing made in the home screen's frame
          before the app took it over is carried into this form (web/prerender/frameTakeover.ts). */}
      <form
        className="chat-input__form"
        onSubmit={handleSubmit}
        aria-label="Send a message"
        {...earlyTap(CHAT_SEND_TAP)}
      >
        <div className="chat-input__field">
          <input
            id={fieldId}
            className="chat-input__text"
            name={CHAT_MESSAGE_FIELD}
            type="text"
            value={value}
            onChange={(event) => {
              setAttachMessage(null);
              onChange(event.target.value);
            }}
            onKeyDown={handleKeyDown}
            placeholder="Type your message..."
            aria-label="Message"
            autoComplete="off"
            enterKeyHint="send"
            maxLength={MESSAGE_MAX_CHARS}
          />
          {voice && (
            <MicButton
              db={voice.db}
              target={{ kind: 'chat', ...(voice.chatId ? { chatId: voice.chatId } : {}) }}
              onTranscript={handleAttach}
            />
          )}
          <AttachTranscriptButton
            onAttach={handleAttach}
            onProblem={(text) => setAttachMessage({ text, problem: true })}
          />
        </div>
        {/* While a reply streams, Stop takes Send's place, in the same 46 px round slot: the message
            box keeps its width (at 320 px a worded Stop beside Send left it a few letters wide).
            Two buttons, never one changed in place: a tap on Stop that ends the stream at once
            would otherwise land as a tap on Send, and send what was typed meanwhile. */}
        {isLoading ? (
          <IconButton
            key="stop"
            className="chat-input__send chat-input__stop"
            onClick={onStop}
            aria-label="Stop"
            icon={stop}
          />
        ) : (
          <IconButton
            key="send"
            type="submit"
            className="chat-input__send"
            disabled={!canSend}
            // Blank, Send waits for the field beside it, whose placeholder says what to type.
            aria-describedby={hasText ? undefined : fieldId}
            aria-label="Send"
            icon={arrowUp}
          />
        )}
      </form>
    </div>
  );
}
