import { useEffect, useState } from 'react';
import type { PitchpadDb } from '../../data/db';
import { recordingAudio } from './recordingStore';

/**
 * A recording's audio, played here: its chunks joined into one Blob (no copy: IndexedDB's Blobs
 * are read as played) when it shows, and again when more were kept (`chunks`).
 */
export function Playback({
  db,
  id,
  chunks,
  className,
}: {
  db: PitchpadDb;
  id: string;
  chunks: number;
  className: string;
}) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let cancelled = false;
    void recordingAudio(db, id).then((blob) => {
      if (cancelled || !blob || blob.size === 0) return;
      made = URL.createObjectURL(blob);
      setUrl(made);
    });
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
    };
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- more chunks kept: join them again
  }, [db, id, chunks]);
  if (!url) return null;
  return (
    // oxlint-disable-next-line jsx-a11y/media-has-caption -- the rep's own voice note; its transcript is its text
    <audio className={className} controls preload="metadata" src={url}>
      Your browser can’t play this recording.
    </audio>
  );
}
