import type { APIRequestContext } from '@playwright/test';
import type { KitFile } from '../../domain/contract/kit';
import { pdfOf } from '../factories/documents';
import { expect, test } from './fixtures';
import { KitPage } from './pages/KitPage';
import { registerAndLogIn } from './pages/session';
import { Network } from './support/network';
import { expectPhoneReady } from './support/phoneReady';

// The sales kit on a phone: a file picked with no signal waits on the device, uploads once the
// network is back, and is read into passages by the server; a file that is not what its name says
// is refused with the server's words.

const storedFiles = async (request: APIRequestContext) =>
  (await (await request.get('/api/kit/files')).json()) as KitFile[];

test('a PDF picked offline waits, uploads when back online with its passages, and is deleted after a confirm', async ({
  page,
  context,
  newAccount,
}) => {
  const kit = new KitPage(page);
  await registerAndLogIn(page.request, newAccount);
  await page.goto('/dashboard');
  await kit.openFromUserMenu();
  await expect(
    page.getByText('PDF, DOCX, Markdown or text, up to 20 files of 10 MB each.'),
  ).toBeVisible();
  await expectPhoneReady(page, 'an empty sales kit');

  const network = new Network(context);
  await network.goOffline();
  await kit.addFile(
    'Acme case study.pdf',
    'application/pdf',
    await pdfOf([
      ['Freightly overview', 'Freightly books dock appointments for mid-size shippers.'],
      ['Case study: Acme Logistics', 'Acme Logistics cut dock wait times by 40 percent.'],
    ]),
  );
  const file = kit.file('Acme case study.pdf');
  await expect(file).toContainText('Waiting for a connection');
  await expectPhoneReady(page, 'a file waiting for a connection');

  await network.goOnline();
  await expect(file).toContainText(/PDF · 2 pages · \d+ passages?/);
  await expect(file).not.toContainText('Waiting');
  const [stored] = await storedFiles(page.request);
  expect(stored).toMatchObject({ name: 'Acme case study.pdf', kind: 'pdf', pages: 2 });
  expect(stored!.passages).toBeGreaterThan(0);
  await expect(file).toContainText(`${stored!.passages} passage`);
  await page.setViewportSize({ width: 320, height: 568 });
  await expectPhoneReady(page, 'an uploaded file at 320 px');

  await kit.deleteFile('Acme case study.pdf');
  await expect(file).toHaveCount(0);
  expect(await storedFiles(page.request)).toEqual([]);
});

test('a file whose bytes are not what its name says shows the server’s refusal, and Remove drops it', async ({
  page,
  newAccount,
}) => {
  const kit = new KitPage(page);
  await registerAndLogIn(page.request, newAccount);
  await page.goto('/dashboard');
  await kit.openFromUserMenu();

  await kit.addFile('deck.pdf', 'application/pdf', new TextEncoder().encode('Just my notes.'));
  const file = kit.file('deck.pdf');
  await expect(file).toContainText(
    'Not uploaded: “deck.pdf” is not a PDF: its contents are a text or Markdown file.',
  );
  await expectPhoneReady(page, 'a refused file');
  await page.setViewportSize({ width: 320, height: 568 });
  await expectPhoneReady(page, 'a refused file at 320 px');

  await file.getByRole('button', { name: 'Remove deck.pdf' }).click();
  await expect(file).toHaveCount(0);
  expect(await storedFiles(page.request)).toEqual([]);
});

test('a file refused because the kit is full offers Try again, which uploads it once the rep deletes a file', async ({
  page,
  newAccount,
}) => {
  const kit = new KitPage(page);
  await registerAndLogIn(page.request, newAccount);
  // The kit's 20 files, uploaded from the rep's laptop.
  const { csrfToken } = (await (await page.request.get('/api/csrf-token')).json()) as {
    csrfToken: string;
  };
  for (let i = 0; i < 20; i++) {
    const res = await page.request.put(`/api/kit/files/note${String(i).padStart(17, '0')}`, {
      headers: { 'x-csrf-token': csrfToken, 'x-file-name': `note-${i}.txt` },
      data: Buffer.from(`Note ${i}: Freightly books dock appointments.`),
    });
    expect(res.status()).toBe(201);
  }
  await page.goto('/dashboard');
  await kit.openFromUserMenu();

  await kit.addFile('pricing.md', 'text/markdown', new TextEncoder().encode('# Pricing\n\n$49.'));
  const file = kit.file('pricing.md');
  await expect(file).toContainText(
    'Not uploaded: Your sales kit holds 20 files, the most it may: delete one to add “pricing.md”.',
  );
  await expectPhoneReady(page, 'a file refused for a full kit');
  await page.setViewportSize({ width: 320, height: 568 });
  await expectPhoneReady(page, 'a file refused for a full kit at 320 px');

  await kit.deleteFile('note-0.txt');
  await file.getByRole('button', { name: 'Try again: pricing.md' }).click();
  await expect(page.getByRole('button', { name: 'Delete pricing.md' })).toBeVisible();
  await expect(file.getByText('Not uploaded', { exact: false })).toHaveCount(0);
  const names = (await storedFiles(page.request)).map((stored) => stored.name);
  expect(names).toHaveLength(20);
  expect(names).toContain('pricing.md');
});
