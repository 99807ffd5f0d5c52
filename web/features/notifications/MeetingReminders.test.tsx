import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MeetingReminders } from './MeetingReminders';

// The browser's own notification and push objects, as a phone's browser has them.
function browserWith(
  permission: NotificationPermission,
  answer: NotificationPermission = permission,
) {
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  return requestPermission;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  localStorage.clear();
});

describe('reminders before meetings', () => {
  it('offers to turn them on, and says when the rep blocks them at the browser’s prompt', async () => {
    const prompt = browserWith('default', 'denied');
    render(<MeetingReminders userId={7} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Get a reminder 30 minutes before each meeting, with its brief ready to open offline.',
    );
    vi.stubGlobal('Notification', { permission: 'denied', requestPermission: prompt });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on reminders' }));
    expect(await screen.findByText(/blocked in this browser’s settings/)).toBeTruthy();
    expect(prompt).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says they are on once allowed, and asks nothing', () => {
    browserWith('granted');
    render(<MeetingReminders userId={7} />);
    expect(screen.getByRole('status').textContent).toMatch(/^Reminders are on/);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says how to get them where the browser cannot show them', () => {
    render(<MeetingReminders userId={7} />);
    expect(screen.getByRole('status').textContent).toMatch(/add Pitchpad to your Home Screen/);
  });
});
