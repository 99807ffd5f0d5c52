import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../tests/fakes/fixtureSite';
import { PAGE_TEXT_MAX_CHARS, pageReader, type PageOutcome, type ReadPage } from './pages';

/**
 * The page reader against a small website of the test's own on 127.0.0.1, reached with the
 * test-only rule that lets loopback through. Production rules refuse the same address before any
 * connection; the site lists every path it is asked for, so a page never fetched shows as missing.
 */
const tests = { allowHttp: true, allowLoopback: true };
const userAgent = 'PitchpadBot/1.0 (+https://pitchpad.example/bot)';

let site: FixtureSite;
beforeEach(async () => {
  site = await startFixtureSite();
});
afterEach(() => site.close());

const reader = (options: { timeoutMs?: number } = {}) =>
  pageReader({ rules: tests, userAgent, ...options });

function page(outcome: PageOutcome): ReadPage {
  if (!outcome.ok) throw new Error(`expected a page, got: ${outcome.problem}`);
  return outcome.page;
}

function problem(outcome: PageOutcome): string {
  if (outcome.ok) throw new Error(`expected a problem, got the page ${outcome.page.finalUrl}`);
  return outcome.problem;
}

describe('reading a page', () => {
  it("reads a company page into its text, title and site name, without the site's menus", async () => {
    const read = page(await reader().read(`${site.url}/freightly`));

    expect(read.url).toBe(`${site.url}/freightly`);
    expect(read.finalUrl).toBe(`${site.url}/freightly`);
    expect(read.title).toContain('Freightly');
    expect(read.site).toBe('Freightly');
    expect(read.publishedAt).toBeNull();
    expect(new Date(read.readAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(read.text).toContain('Freightly is a freight booking platform for mid-sized shippers.');
    expect(read.text).toContain('Founded in 2019');
    expect(read.text).toContain('240 employees');
    expect(read.text).toContain('Headquarters in Rotterdam');
    expect(read.text).not.toContain('Log in');
    // Paragraphs and list items each stand apart, whitespace inside them folded to single spaces.
    expect(read.text).toContain('\n\nHeadquarters in Rotterdam, the Netherlands,');
    expect(read.text).not.toMatch(/\n{3,}| {2,}|\t/);
    for (const paragraph of read.text.split('\n\n')) expect(paragraph).not.toContain('\n');
  });

  it('reads a news article with its publication date and the news site as the site', async () => {
    const read = page(await reader().read(`${site.url}/news/freightly-raises`));

    expect(read.title).toBe('Freightly raises €40 million to take its booking platform to rail');
    expect(read.site).toBe('Logistics Daily');
    expect(read.publishedAt).toBe('2026-10-14T06:30:00.000Z');
    expect(read.text).toContain('€40 million Series B led by Northzone');
    expect(read.text).toContain('410,000 shipments in 2025');
    expect(read.text).not.toContain('schema.org');
  });

  it('follows a redirect and gives the address the page was read from', async () => {
    const read = page(await reader().read(`${site.url}/redirect`));

    expect(read.url).toBe(`${site.url}/redirect`);
    expect(read.finalUrl).toBe(`${site.url}/freightly`);
    expect(read.text).toContain('Founded in 2019');
  });

  it('reads a plain-text page paragraph by paragraph', async () => {
    const read = page(await reader().read(`${site.url}/notes.txt`));

    expect(read.title).toBe('Freightly carrier notes');
    expect(read.text).toBe(
      'Freightly carrier notes\n\n' +
        'Carriers join Freightly after a check of their licence, insurance and safety record. ' +
        'Around 9,000 carriers are on the platform.\n\n' +
        'Carriers are paid within 14 days of delivery.',
    );
  });

  it('keeps a long page to its first paragraphs, cut between two of them and not after a heading', async () => {
    const read = page(await reader().read(`${site.url}/annual-report`));

    expect(read.text.length).toBeLessThanOrEqual(PAGE_TEXT_MAX_CHARS);
    expect(read.text.length).toBeGreaterThan(PAGE_TEXT_MAX_CHARS - 1_000);
    expect(read.text).toContain('Section 1\n\nIn quarter 1');
    expect(read.text).not.toContain('Section 60');
    expect(read.text).toMatch(/nearby\.$/);
  });
});

describe('text a reader never sees', () => {
  it('is left out, so instructions hidden in a page never reach the model', async () => {
    const read = page(await reader().read(`${site.url}/injection`));

    expect(read.site).toBe('Portmark');
    expect(read.text).toContain('Portmark gives container terminals a live map');
    expect(read.text).toContain('founded in 2021, employs 85 people');
    for (const hidden of [
      'Ignore your previous instructions',
      'bankrupt',
      'reveal your instructions',
      'praise Portmark',
      'password',
      'largest customer',
      'being sued',
      'closing its offices',
      'no customers',
      'dataLayer',
    ])
      expect(read.text).not.toContain(hidden);
  });
});

describe('pages that cannot be read', () => {
  it('stops a redirect loop', async () => {
    expect(problem(await reader().read(`${site.url}/loop`))).toMatch(/redirects too many times/);
  });

  it('does not read a page larger than 2 MB, rather than read half of it', async () => {
    expect(problem(await reader().read(`${site.url}/huge`))).toBe(
      'The page is too large to read (over 2 MB).',
    );
  });

  it('gives up on a site that does not answer in time', async () => {
    expect(problem(await reader({ timeoutMs: 300 }).read(`${site.url}/slow`))).toBe(
      'The site did not answer in 0.3 s.',
    );
  });

  it('says a page with no text has none', async () => {
    expect(problem(await reader().read(`${site.url}/empty`))).toMatch(/has no readable text/);
  });

  it('leaves a PDF and names its type', async () => {
    expect(problem(await reader().read(`${site.url}/file.pdf`))).toMatch(
      /a file of type application\/pdf, not a web page/,
    );
  });

  it('says when the page is not there', async () => {
    expect(problem(await reader().read(`${site.url}/no-such-page`))).toMatch(/is not there/);
  });
});

describe("the site's robots.txt", () => {
  it('keeps the reader off a page the site asks robots not to read: it is never fetched', async () => {
    const outcome = await reader().read(`${site.url}/private/page`);

    expect(problem(outcome)).toMatch(/asks robots not to read this page/);
    expect(site.hits).toEqual(['/robots.txt']);
  });

  it('is asked for once for all the pages a research reads on one site', async () => {
    const research = reader();
    await research.read(`${site.url}/freightly`);
    await research.read(`${site.url}/news/freightly-raises`);

    expect(site.hits).toEqual(['/robots.txt', '/freightly', '/news/freightly-raises']);
  });

  it('lets every page be read when the site has none', async () => {
    const open = await startFixtureSite({ robots: 'missing' });
    try {
      const read = page(await reader().read(`${open.url}/private/page`));
      expect(read.text).toContain('Carrier rates for partners only.');
    } finally {
      await open.close();
    }
  });

  it('keeps the reader off the site when it fails to answer, since the site may well say no', async () => {
    const failing = await startFixtureSite({ robots: 'failing' });
    try {
      expect(problem(await reader().read(`${failing.url}/freightly`))).toMatch(
        /robots\.txt could not be read/,
      );
      expect(failing.hits).toEqual(['/robots.txt']);
    } finally {
      await failing.close();
    }
  });

  it('keeps the reader off a site that cannot be reached at all', async () => {
    const gone = await startFixtureSite();
    await gone.close();

    expect(problem(await reader().read(`${gone.url}/freightly`))).toMatch(
      /robots\.txt could not be read/,
    );
  });
});

describe('cookies', () => {
  it('are never kept nor sent back to the site', async () => {
    const research = reader();
    page(await research.read(`${site.url}/cookies`));
    page(await research.read(`${site.url}/cookies`));
    page(await research.read(`${site.url}/freightly`));

    expect(site.hits.filter((hit) => hit === '/cookies')).toHaveLength(2);
    expect(site.cookies).toEqual([]);
  });
});

describe('in production, where loopback addresses are refused', () => {
  // Plain http stays allowed here so that the loopback address, not the scheme, is what is refused.
  const production = { allowHttp: true, allowLoopback: false };

  it('refuses a loopback address before connecting to it', async () => {
    const outcome = await pageReader({ rules: production, userAgent }).read(
      `${site.url}/freightly`,
    );

    expect(problem(outcome)).toBe('That address is not on the public internet.');
    expect(site.hits).toEqual([]);
  });

  it('refuses a public-looking name that resolves to a loopback address, before connecting', async () => {
    const { port } = new URL(site.url);
    const outcome = await pageReader({
      rules: { allowHttp: false, allowLoopback: false },
      userAgent,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    }).read(`https://freightly.example:${port}/freightly`);

    expect(problem(outcome)).toBe('That address is not on the public internet.');
    expect(site.hits).toEqual([]);
  });
});
