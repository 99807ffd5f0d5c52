import { describe, expect, it } from 'vitest';
import { CrmFailure, cutToFit, retryAfterOf } from './adapter';
import { noteHtml } from './hubspot';
import { trustedInstanceUrl } from './salesforce';

describe('a note too long for the CRM', () => {
  it('is cut to the field, ending with a line that says how long it was', () => {
    const body = 'word '.repeat(10_000);
    const { text, cut } = cutToFit(body, 32_000);
    expect(cut).toBe(true);
    expect(text).toHaveLength(32_000);
    expect(text).toMatch(/\[Cut to fit: the full note had 50,000 characters\.\]$/);
  });

  it('is left whole when it fits', () => {
    expect(cutToFit('Short note', 100)).toEqual({ text: 'Short note', cut: false });
  });
});

describe("HubSpot's HTML body", () => {
  it('escapes what the rep wrote and keeps paragraphs and lines', () => {
    expect(noteHtml('<script>alert(1)</script> & "quotes"\nline two\n\nNext')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;<br>line two</p><p>Next</p>',
    );
  });
});

const answer = (value?: string) =>
  new Response(null, { status: 429, headers: value ? { 'retry-after': value } : {} });

describe('Retry-After from a CRM', () => {
  it.each([
    ['7', 7],
    ['0', 1],
    ['99999', 3600],
    [undefined, 10],
    ['soon', 10],
  ])('%s → %i seconds', (header, seconds) => {
    expect(retryAfterOf(answer(header))).toBe(seconds);
  });

  it('reads an HTTP date', () => {
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    expect(retryAfterOf(answer(inAMinute))).toBeGreaterThanOrEqual(59);
    expect(retryAfterOf(answer(inAMinute))).toBeLessThanOrEqual(61);
  });
});

describe("the Salesforce instance a token answer names, where the rep's notes go", () => {
  const login = 'https://login.salesforce.com';
  it.each([
    ['https://acme.my.salesforce.com', login, 'https://acme.my.salesforce.com'],
    ['https://acme.my.salesforce.com/', login, 'https://acme.my.salesforce.com'],
    [
      'https://acme--dev.sandbox.my.salesforce.com',
      'https://test.salesforce.com',
      'https://acme--dev.sandbox.my.salesforce.com',
    ],
    ['https://crm.acme.example', 'https://login.acme.example', 'https://crm.acme.example'],
    ['http://127.0.0.1:9100', 'http://127.0.0.1:9100', 'http://127.0.0.1:9100'],
  ])('%s (login %s) is used as %s', (instance, loginUrl, used) => {
    expect(trustedInstanceUrl(instance, loginUrl)).toBe(used);
  });

  it.each([
    ['http://acme.my.salesforce.com', login],
    ['https://evil.example.com', login],
    ['https://salesforce.com.evil.example', login],
    ['http://169.254.169.254', login],
    ['http://127.0.0.1:5432', 'http://127.0.0.1:9100'],
    ['https://user:pass@acme.my.salesforce.com', login],
    ['file:///etc/passwd', login],
    ['not a url', login],
    [undefined, login],
  ])('%s (login %s) is refused', (instance, loginUrl) => {
    expect(() => trustedInstanceUrl(instance, loginUrl)).toThrow(CrmFailure);
  });
});
