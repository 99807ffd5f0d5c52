/** Three pulsing dots while the assistant has not written its first word. */
export function TypingIndicator() {
  return (
    <span className="typing" role="status" aria-label="AI is typing">
      <span className="typing__dot" />
      <span className="typing__dot" />
      <span className="typing__dot" />
    </span>
  );
}
