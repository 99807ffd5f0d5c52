import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { AppPage } from './AppPage';
import { upgradeToPro } from '../support/billing';
import type { NewAccount } from './AuthPage';
import { registerAndLogIn } from './session';

/** The chat workspace: header, message list, input bar and the conversations sidebar. */
export class ChatPage extends AppPage {
  async open(search = ''): Promise<void> {
    await this.goto(`/chat${search}`);
  }

  /**
   * Registers and logs in through the API (the page shares its cookies), then opens the chat. The
   * login screens have their own spec; here they would only slow every chat story down.
   */
  async openAsNewUser(account: NewAccount): Promise<void> {
    await registerAndLogIn(this.page.request, account);
    await this.open();
    await expect(this.input).toBeVisible();
  }

  /** The same for a new user who then pays for Pro (the Stripe fake's checkout and signed webhooks). */
  async openAsNewProUser(account: NewAccount): Promise<void> {
    await registerAndLogIn(this.page.request, account);
    await upgradeToPro(this.page.request);
    await this.open();
    await expect(this.input).toBeVisible();
  }

  get title(): Locator {
    return this.page.locator('header.chat-header .chat-header__title');
  }

  get welcome(): Locator {
    return this.page.locator('.message--assistant .message__bubble').first();
  }

  get input(): Locator {
    return this.page.getByRole('textbox', { name: 'Message', exact: true });
  }

  get sendButton(): Locator {
    return this.page.getByRole('button', { name: 'Send', exact: true });
  }

  get stopButton(): Locator {
    return this.page.getByRole('button', { name: 'Stop', exact: true });
  }

  /** The user's messages, oldest first. */
  get userMessages(): Locator {
    return this.page.locator('.chat__messages .message--user');
  }

  /** The assistant's replies (not the welcome), oldest first. */
  get replies(): Locator {
    return this.page.locator('.chat__messages .message--assistant:not(.message--welcome)');
  }

  /** The text of the `index`th reply's bubble (-1 for the last). */
  replyText(index = -1): Locator {
    return this.replies.nth(index).locator('.message__bubble');
  }

  /** The note under the `index`th reply ('Stopped', 'Incomplete answer', ...; -1 for the last). */
  replyNote(index = -1): Locator {
    return this.replies.nth(index).locator('.message__note');
  }

  /** The last reply's Regenerate button (shown once it has finished). */
  get regenerateButton(): Locator {
    return this.replies.last().getByRole('button', { name: 'Regenerate', exact: true });
  }

  userMessage(text: string): Locator {
    return this.userMessages.filter({ hasText: text });
  }

  /** Types into the input and presses Enter. */
  async send(text: string): Promise<void> {
    await this.input.fill(text);
    // While the previous send is still on its way, Stop stands in Send's place and Enter sends
    // nothing: a rep waits for Send, and so does the story (a slow machine widens that moment).
    await expect(this.sendButton).toBeEnabled();
    await this.input.press('Enter');
  }

  /** The open chat's id, from the URL. */
  chatId(): string | null {
    return new URL(this.page.url()).searchParams.get('chat');
  }

  /** The marks under the user's messages, oldest first: 'Queued', 'Sending…', 'Sent', or 'Not sent'. */
  get deliveryMarks(): Locator {
    return this.userMessages.locator('.message__status');
  }

  /** What a chat whose messages are not on this phone yet says in their place. */
  get unloadedNotice(): Locator {
    return this.page.locator('.chat__notice');
  }

  /** User messages still waiting for the network. */
  get queuedMessages(): Locator {
    return this.page.locator('.chat__messages .message--user.message--queued');
  }

  /** User messages the server has. */
  get sentMessages(): Locator {
    return this.page.locator('.chat__messages .message--user.message--sent');
  }

  /** Phones: the chat header's Tools button, which opens the drawer of tools and conversations. */
  get toolsButton(): Locator {
    return this.page
      .locator('header.chat-header')
      .getByRole('button', { name: 'Tools', exact: true });
  }

  /** An empty chat's tool cards. */
  get toolCards(): Locator {
    return this.page.getByRole('list', { name: 'Tools', exact: true }).locator('.tool-card');
  }

  async openSidebar(): Promise<Locator> {
    await this.toolsButton.click();
    const sidebar = this.page.getByRole('dialog', { name: 'Tools and conversations' });
    await expect(sidebar).toBeVisible();
    return sidebar;
  }
}
