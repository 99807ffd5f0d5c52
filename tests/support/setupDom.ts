// Vitest setup for components rendered in jsdom (vitest.config.ts). Testing Library's `waitFor` and
// `findBy…` give up after 1 s unless told; a first render with Ionic takes longer than that on a
// loaded 2-core machine with other test files beside it. They still pass as soon as the state shows.
import { configure } from '@testing-library/react';

configure({ asyncUtilTimeout: 5_000 });

// jsdom has no modal dialogs: the browser's showModal and close, as far as our sheets and editors
// use them (open or not).
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.open = true;
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.open = false;
};
