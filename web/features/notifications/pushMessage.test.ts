import { describe, expect, it } from 'vitest';
import type { PushMessage } from '../../../domain/contract/push';
import { pushMessageOf, showPushMessage } from './pushMessage';

/** The worker's registration, as a browser answers `showNotification`: it records what it shows. */
function fakeWorker() {
  const shown: Array<{ title: string; options: NotificationOptions }> = [];
  const worker = {
    registration: {
      showNotification: async (title: string, options: NotificationOptions) =>
        void shown.push({ title, options }),
    },
  } as unknown as ServiceWorkerGlobalScope;
  return { worker, shown };
}

const reminder: PushMessage = {
  title: 'Freightly at 14:00',
  body: 'Your brief is ready.',
  url: '/meetings/evt-42%40calendar.example',
  tag: 'meeting:evt-42@calendar.example',
};
const dataOf = (text: string) => ({ text: () => text });

describe('a push message', () => {
  it('shows the meeting reminder, tagged with its meeting, and a tap leads to its brief', async () => {
    const { worker, shown } = fakeWorker();
    await showPushMessage(worker, dataOf(JSON.stringify(reminder)));
    expect(shown).toEqual([
      {
        title: 'Freightly at 14:00',
        options: {
          body: 'Your brief is ready.',
          tag: 'meeting:evt-42@calendar.example',
          icon: '/icons/icon-192.png',
          data: { url: '/meetings/evt-42%40calendar.example' },
        },
      },
    ]);
  });

  it.each([
    ['no data', null],
    ['text that is not JSON', dataOf('Freightly at 14:00')],
    ['JSON that is not a message', dataOf('[1, 2]')],
    ['a message with no title', dataOf(JSON.stringify({ ...reminder, title: ' ' }))],
    ['a message with no page to open', dataOf(JSON.stringify({ ...reminder, url: 42 }))],
    [
      'data the browser cannot read',
      {
        text: () => {
          throw new TypeError('not text');
        },
      },
    ],
  ])('shows nothing, and throws nothing, for %s', async (_case, data) => {
    const { worker, shown } = fakeWorker();
    await expect(showPushMessage(worker, data)).resolves.toBeNull();
    expect(shown).toEqual([]);
  });

  it('keeps only the message’s own fields, and the account it is for when it is a number', () => {
    expect(pushMessageOf(JSON.stringify({ ...reminder, extra: 'x' }))).toEqual(reminder);
    expect(pushMessageOf(JSON.stringify({ ...reminder, user: 7 }))).toEqual({
      ...reminder,
      user: 7,
    });
    expect(pushMessageOf(JSON.stringify({ ...reminder, user: '7' }))).toEqual(reminder);
  });
});
