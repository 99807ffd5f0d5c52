import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import type { ProfileValues } from '../../../domain/contract/profile';
import type { FlowType } from '../../../domain/playbooks';
import { COMPLETE_PROFILE } from '../../factories/profile';
import { upgradeToPro } from '../support/billing';
import { Network } from '../support/network';
import { fillProfile } from '../support/salesKit';
import type { NewAccount } from './AuthPage';
import { ChatPage } from './ChatPage';
import { registerAndLogIn } from './session';

/** A guided flow in the chat workspace: the interview card, one question at a time. */
export class FlowPage extends ChatPage {
  /** A new user who pays for Pro (through the Stripe fake), on a PRO tool's page: /pro/email or /pro/gtm-advisor. */
  async openProToolAsNewUser(account: NewAccount, path: string): Promise<void> {
    await registerAndLogIn(this.page.request, account);
    await upgradeToPro(this.page.request);
    await this.page.goto(path);
    await expect(this.card).toBeVisible();
  }

  /**
   * A new user who pays for Pro, whose profile holds `profile` (saved through the API, as on another
   * device; by default every field filled). The page is left where it was: the test opens what it needs.
   */
  async signUpAsProWithProfile(
    account: NewAccount,
    profile: ProfileValues = COMPLETE_PROFILE,
  ): Promise<void> {
    await registerAndLogIn(this.page.request, account);
    await upgradeToPro(this.page.request);
    await fillProfile(this.page.request, profile as Record<string, string>);
  }

  /**
   * A new Pro rep asks for a cold email with the signal gone at its last step, so the offline
   * drafter answers: to `recipient`, selling `value`, booking with `bookingLink`. Answers the
   * network, still cut.
   */
  async draftColdEmailOffline(
    account: NewAccount,
    { recipient, value, bookingLink }: { recipient: string; value: string; bookingLink: string },
  ): Promise<Network> {
    await this.openAsNewProUser(account);
    await this.waitForOfflineReady();
    const network = new Network(this.page.context());
    await this.openFlow('email');
    await this.answer(recipient);
    await this.answer(value);
    await this.answerBox.fill(bookingLink);
    await network.goOffline();
    await this.button('Generate Email').click();
    return network;
  }

  /** Opens a flow by its URL, where it was left if it was started before. */
  async openFlow(type: FlowType): Promise<void> {
    await this.goto(`/chat?flow=${type}`);
    await expect(this.card).toBeVisible();
  }

  /** Opens a flow from the sidebar's 'Guided flows' menu. */
  async openFlowFromMenu(title: string): Promise<void> {
    const sidebar = await this.openSidebar();
    await this.flowMenu(sidebar).getByRole('button', { name: title }).click();
    await expect(this.card).toBeVisible();
  }

  flowMenu(sidebar: Locator): Locator {
    return sidebar.getByRole('navigation', { name: 'Guided flows' });
  }

  get card(): Locator {
    return this.page.locator('form.interview-card');
  }

  get counter(): Locator {
    return this.card.locator('.interview-card__counter');
  }

  get question(): Locator {
    return this.card.getByRole('heading');
  }

  get answerBox(): Locator {
    return this.card.getByRole('textbox');
  }

  get greeting(): Locator {
    return this.page.locator('.flow-panel__greeting .message__bubble');
  }

  button(name: string): Locator {
    return this.card.getByRole('button', { name, exact: true });
  }

  get backButton(): Locator {
    return this.button('Back');
  }

  /** Types the answer and presses the step's button ('Next' unless told). */
  async answer(text: string, button = 'Next'): Promise<void> {
    await this.answerBox.fill(text);
    await this.button(button).click();
  }

  /** The radio option of a select step. */
  choice(label: string): Locator {
    return this.card.getByRole('radio', { name: label });
  }

  /** Taps an option of a select step (its label: the radio itself is drawn by the label). */
  async choose(label: string): Promise<void> {
    await this.card.locator('label.choice', { hasText: label }).click();
    await expect(this.choice(label)).toBeChecked();
  }

  /** A card (founding journey) or a generated value proposition. */
  option(text: string): Locator {
    return this.card.getByRole('button', { name: text });
  }

  async expectStep(counter: string, question?: string): Promise<void> {
    await expect(this.counter).toHaveText(counter);
    if (question) await expect(this.question).toHaveText(question);
  }

  /** The cold email with a complete profile: its one question, who it is for. */
  async expectAskedOnlyWhoItIsFor(): Promise<void> {
    await this.expectStep('Question 1 of 1', 'Who are you writing to?');
  }

  /** The actions under a flow's result: Copy, Share, Open in mail app. */
  get resultActions(): Locator {
    return this.page.getByRole('group', { name: 'Use this result' }).last();
  }
}
