import type { Locator } from '@playwright/test';
import { AppPage } from './AppPage';

export class ChatPage extends AppPage {
  get title(): Locator {
    return this.page.locator('ion-header.chat-header ion-title');
  }

  get welcome(): Locator {
    return this.page.locator('.message--assistant .message__bubble').first();
  }
}
