/**
 * The paperclip: picks a text transcript, reads it on the device and hands over
 * its cleaned text (domain/transcripts). Nothing is uploaded; a refused file is said in words.
 */
// oxlint-disable-next-line import/no-unassigned-import -- the paperclip's stylesheet, loaded with its chunk
import './attach.css';
import { attachOutline } from 'ionicons/icons';
import { useRef } from 'react';
import type { ChangeEvent } from 'react';
import {
  decodeTranscript,
  TRANSCRIPT_ACCEPT,
  TRANSCRIPT_EMPTY,
  TRANSCRIPT_NOT_TEXT,
  transcriptFileProblem,
} from '../../../domain/transcripts/attach';
import { cleanTranscript } from '../../../domain/transcripts/clean';
import { IconButton } from '../../ui/IconButton';

const ATTACH_LABEL = 'Attach a transcript';

/** A file read for the problem it has, or its cleaned text. */
async function readTranscriptFile(file: File): Promise<{ text: string } | { problem: string }> {
  const problem = transcriptFileProblem(file);
  if (problem) return { problem };
  const raw = decodeTranscript(new Uint8Array(await file.arrayBuffer()));
  if (raw === null) return { problem: TRANSCRIPT_NOT_TEXT };
  const text = cleanTranscript(raw);
  return text ? { text } : { problem: TRANSCRIPT_EMPTY };
}

interface AttachTranscriptButtonProps {
  onAttach: (text: string) => void;
  onProblem: (message: string) => void;
  disabled?: boolean;
  /** The id of a hint saying which files are read. */
  describedBy?: string;
}

export function AttachTranscriptButton({
  onAttach,
  onProblem,
  disabled,
  describedBy,
}: AttachTranscriptButtonProps) {
  const input = useRef<HTMLInputElement>(null);

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file picked again must fire a change too.
    event.target.value = '';
    if (!file) return;
    try {
      const read = await readTranscriptFile(file);
      if ('problem' in read) onProblem(read.problem);
      else onAttach(read.text);
    } catch {
      onProblem('That file could not be read. Try saving it again as a .txt file.');
    }
  };

  return (
    <>
      <IconButton
        className="attach-button"
        onClick={() => input.current?.click()}
        aria-label={ATTACH_LABEL}
        aria-describedby={describedBy}
        title={ATTACH_LABEL}
        disabled={disabled}
        icon={attachOutline}
      />
      <input
        ref={input}
        type="file"
        className="visually-hidden"
        accept={TRANSCRIPT_ACCEPT}
        onChange={(event) => void handleFile(event)}
        tabIndex={-1}
        aria-hidden="true"
      />
    </>
  );
}

/** What a pick said: a cut to fit (a status) or a refusal (an alert), under the field it was for. */
export interface AttachNote {
  text: string;
  problem: boolean;
}

export function AttachMessage({ note, className }: { note: AttachNote; className?: string }) {
  return (
    <p
      className={['attach-message', className, note.problem && 'attach-message--problem']
        .filter(Boolean)
        .join(' ')}
      role={note.problem ? 'alert' : 'status'}
    >
      {note.text}
    </p>
  );
}
