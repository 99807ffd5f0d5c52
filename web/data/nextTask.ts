/**
 * A promise for the start of a later task: other work gets in first (a tap, a search asked of the
 * worker), and what follows runs apart from what came before, so no task holds a tap back for
 * long. A message to ourselves queues behind what is waiting, with none of the 4 ms a nested timer
 * waits.
 */
const waitingTurns: (() => void)[] = [];
let turns: MessageChannel | null = null;
export function nextTask(): Promise<void> {
  if (typeof MessageChannel !== 'function')
    return new Promise<void>((resolve) => setTimeout(resolve, 0));
  if (!turns) {
    turns = new MessageChannel();
    turns.port1.addEventListener('message', () => waitingTurns.shift()?.());
    turns.port1.start();
    // Node (tests): the channel must not keep the process alive.
    (turns.port1 as MessagePort & { unref?: () => void }).unref?.();
  }
  const channel = turns;
  return new Promise<void>((resolve) => {
    waitingTurns.push(resolve);
    channel.port2.postMessage(null);
  });
}
