/**
 * The toast that a file asked for with no signal has been made. Small on purpose: the app's frame
 * listens on every screen, and loads the rest only to save the file.
 */
import { useEffect } from 'react';
import { useToast } from '../../ui/ToastProvider';
import { FILES_CHANNEL, readyLine, type ReadyNote } from './fileReady';

/** While signed in: a toast with Save when a file this rep asked for is made, wherever it was made. */
export function useFileReadyToast(userId: number | undefined): void {
  const toast = useToast();
  useEffect(() => {
    if (userId === undefined || typeof BroadcastChannel === 'undefined') return;
    const onMessage = (event: MessageEvent<ReadyNote & { userId?: number }>) => {
      const note = event.data;
      if (note.userId !== userId) return;
      toast({
        header: readyLine(note.format),
        message: note.title,
        color: 'success',
        action: {
          label: 'Save',
          handler: () =>
            void import('./saveFiles').then(({ saveReadyFile }) => saveReadyFile(userId, note.id)),
        },
      });
    };
    // Opened a task after the screen's mount, not in it: opening a channel asks the browser's
    // other process, tens of milliseconds on a slow phone.
    let channel: BroadcastChannel | null = null;
    const opening = setTimeout(() => {
      channel = new BroadcastChannel(FILES_CHANNEL);
      channel.addEventListener('message', onMessage);
    }, 0);
    return () => {
      clearTimeout(opening);
      channel?.close();
    };
  }, [userId, toast]);
}
