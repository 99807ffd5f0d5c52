import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/server';
import { TestClient } from '../../tests/support/client';
import { loggedInClient } from '../../tests/factories/users';
import { EXPECTED_USER_HEADER } from '../../domain/contract/session';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 9, minute)).toISOString();

const iso = (ms: number) => new Date(ms).toISOString();

async function storedFields(userId: number): Promise<Record<string, unknown> | undefined> {
  const { rows } = await server.pool.query<{ fields: Record<string, unknown> }>(
    'SELECT fields FROM profiles WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.fields;
}

describe('GET and PATCH /api/profile', () => {
  it('answers 401 with no session, to read or to write, and stores nothing', async () => {
    const guest = new TestClient(server.url);
    expect((await guest.get('/api/profile')).status).toBe(401);
    const res = await guest.patch('/api/profile', {
      edits: [{ field: 'company', value: 'Freightly', editedAt: at(0), base: null }],
    });
    expect(res.status).toBe(401);
  });

  it('starts empty, stores an edit, and reads it back on another device of the same rep', async () => {
    const { client, user } = await loggedInClient(server);
    expect((await client.get('/api/profile')).body).toEqual({ fields: {} });

    const res = await client.patch('/api/profile', {
      edits: [
        { field: 'company', value: '  Freightly ', editedAt: at(0), base: null },
        { field: 'website', value: 'freightly.io', editedAt: at(0), base: null },
        { field: 'tone', value: 'friendly', editedAt: at(0), base: null },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.outcomes).toEqual([
      { field: 'company', outcome: 'applied' },
      { field: 'website', outcome: 'applied' },
      { field: 'tone', outcome: 'applied' },
    ]);
    expect(res.body.fields.company).toEqual({ value: 'Freightly', editedAt: at(0), version: 1 });
    expect(res.body.fields.website.value).toBe('https://freightly.io');

    const laptop = client.at(server.url);
    expect((await laptop.get('/api/profile')).body.fields.tone).toEqual({
      value: 'friendly',
      editedAt: at(0),
      version: 1,
    });
    expect(await storedFields(user.id)).toMatchObject({ company: { value: 'Freightly' } });
  });

  it("keeps both devices' edits of different fields", async () => {
    const { client, user } = await loggedInClient(server);
    await client.patch('/api/profile', {
      edits: [{ field: 'pricing', value: '$49 a seat', editedAt: at(0), base: null }],
    });
    // The phone edits the product, the laptop the pricing, neither having seen the other's edit.
    const phone = await client.patch('/api/profile', {
      edits: [{ field: 'product', value: 'Dock scheduling', editedAt: at(5), base: null }],
    });
    const laptop = await client.patch('/api/profile', {
      edits: [{ field: 'pricing', value: '$59 a seat', editedAt: at(6), base: at(0) }],
    });
    expect(phone.body.outcomes).toEqual([{ field: 'product', outcome: 'applied' }]);
    expect(laptop.body.outcomes).toEqual([{ field: 'pricing', outcome: 'applied' }]);
    expect(await storedFields(user.id)).toEqual({
      pricing: { value: '$59 a seat', editedAt: at(6), version: 3 },
      product: { value: 'Dock scheduling', editedAt: at(5), version: 2 },
    });
  });

  it('the same field edited on two devices: the later edit wins and the other is kept, said so', async () => {
    const { client, user } = await loggedInClient(server);
    await client.patch('/api/profile', {
      edits: [{ field: 'pricing', value: '$49 a seat', editedAt: at(0), base: null }],
    });
    // The laptop's edit at 9:10 arrives first; the phone's, made offline at 9:05, arrives later.
    await client.patch('/api/profile', {
      edits: [{ field: 'pricing', value: '$59 a seat', editedAt: at(10), base: at(0) }],
    });
    const phone = await client.patch('/api/profile', {
      edits: [{ field: 'pricing', value: '$39 a seat', editedAt: at(5), base: at(0) }],
    });
    expect(phone.body.outcomes).toEqual([{ field: 'pricing', outcome: 'kept-other' }]);
    expect(phone.body.fields.pricing).toEqual({
      value: '$59 a seat',
      editedAt: at(10),
      replaced: { value: '$39 a seat', editedAt: at(5) },
      version: 3,
    });

    // A still later edit from the phone, on top of the old value, wins and keeps the laptop's.
    const again = await client.patch('/api/profile', {
      edits: [{ field: 'pricing', value: '$45 a seat', editedAt: at(20), base: at(0) }],
    });
    expect(again.body.outcomes).toEqual([{ field: 'pricing', outcome: 'replaced-other' }]);
    expect(await storedFields(user.id)).toEqual({
      pricing: {
        value: '$45 a seat',
        editedAt: at(20),
        replaced: { value: '$59 a seat', editedAt: at(10) },
        version: 4,
      },
    });

    // An edit made on top of what is stored ends the note.
    await client.patch('/api/profile', {
      edits: [
        { field: 'pricing', value: '$45 a seat, billed yearly', editedAt: at(30), base: at(20) },
      ],
    });
    expect(await storedFields(user.id)).toEqual({
      pricing: { value: '$45 a seat, billed yearly', editedAt: at(30), version: 5 },
    });
  });

  it("numbers each stored change in the server's own order (version), whatever the devices' clocks say: a field left as it was keeps its number", async () => {
    const { client } = await loggedInClient(server);
    const now = Date.now();
    const first = await client.patch('/api/profile', {
      edits: [
        { field: 'company', value: 'Freightly', editedAt: new Date(now).toISOString(), base: null },
        { field: 'pricing', value: '$49', editedAt: new Date(now).toISOString(), base: null },
      ],
    });
    expect(first.body.fields.company.version).toBe(1);
    // A laptop whose clock is an hour slow changes the company later, on top of what it read.
    const slow = new Date(now + 60_000 - 3600_000).toISOString();
    const later = await client.patch('/api/profile', {
      edits: [
        {
          field: 'company',
          value: 'Freightly Inc.',
          editedAt: slow,
          base: first.body.fields.company.editedAt,
        },
        // The same value again changes nothing.
        { field: 'pricing', value: '$49', editedAt: slow, base: null },
      ],
    });
    expect(later.body.outcomes).toEqual([
      { field: 'company', outcome: 'applied' },
      { field: 'pricing', outcome: 'applied' },
    ]);
    expect(later.body.fields.company).toEqual({
      value: 'Freightly Inc.',
      editedAt: slow,
      version: 2,
    });
    expect(later.body.fields.pricing.version).toBe(1);
  });

  it("the same field on two devices, one a laptop whose clock is an hour slow: its edit, made after the phone's, wins, its time read against its own clock's sending time", async () => {
    const { client } = await loggedInClient(server);
    const real = Date.now();
    const hour = 3600_000;
    // Neither device has seen the other's edit. The phone's (right clock) arrives first.
    const phone = await client.patch('/api/profile', {
      edits: [{ field: 'pricing', value: '$49 a seat', editedAt: iso(real - 60_000), base: null }],
      sentAt: iso(real),
    });
    expect(phone.body.outcomes).toEqual([{ field: 'pricing', outcome: 'applied' }]);
    // The laptop's, made 30 s after the phone's, by a clock an hour behind.
    const laptop = await client.patch('/api/profile', {
      edits: [
        { field: 'pricing', value: '$59 a seat', editedAt: iso(real - 30_000 - hour), base: null },
      ],
      sentAt: iso(Date.now() - hour),
    });
    expect(laptop.body.outcomes).toEqual([{ field: 'pricing', outcome: 'replaced-other' }]);
    expect(laptop.body.fields.pricing).toMatchObject({
      value: '$59 a seat',
      editedAt: iso(real - 30_000 - hour),
      replaced: { value: '$49 a seat' },
    });
    // Counted in the server's time: about when it was made, not an hour before.
    expect(Math.abs(Date.parse(laptop.body.fields.pricing.at) - (real - 30_000))).toBeLessThan(
      10_000,
    );
  });

  it('a clock ahead of the server does not win for ever: its edit counts as made on arrival, and is still the base of the next', async () => {
    const { client } = await loggedInClient(server);
    const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString();
    const res = await client.patch('/api/profile', {
      edits: [{ field: 'company', value: 'Freightly', editedAt: tomorrow, base: null }],
    });
    expect(res.body.fields.company.editedAt).toBe(tomorrow);
    expect(Date.parse(res.body.fields.company.at)).toBeLessThanOrEqual(Date.now());
    // The same phone edits again on top of it: applied, not taken for a conflict.
    const again = await client.patch('/api/profile', {
      edits: [
        {
          field: 'company',
          value: 'Freightly Inc',
          editedAt: new Date(Date.parse(tomorrow) + 60_000).toISOString(),
          base: tomorrow,
        },
      ],
    });
    expect(again.body.outcomes).toEqual([{ field: 'company', outcome: 'applied' }]);
    // A laptop with a right clock, not having seen it, edits a moment later: the laptop's wins.
    const laptop = await client.patch('/api/profile', {
      edits: [
        {
          field: 'company',
          value: 'Freightly GmbH',
          editedAt: new Date(Date.now() + 1000).toISOString(),
          base: null,
        },
      ],
    });
    expect(laptop.body.outcomes).toEqual([{ field: 'company', outcome: 'replaced-other' }]);
    expect(laptop.body.fields.company).toMatchObject({
      value: 'Freightly GmbH',
      replaced: { value: 'Freightly Inc' },
    });
  });

  it('two edits of one field in one delivery, the second on top of the first, both apply: the last is the value', async () => {
    const { client, user } = await loggedInClient(server);
    const first = new Date(Date.now() + 5000).toISOString(); // a phone 5 s ahead
    const second = new Date(Date.now() + 6000).toISOString();
    const res = await client.patch('/api/profile', {
      edits: [
        { field: 'company', value: 'Acme', editedAt: first, base: null },
        { field: 'company', value: 'Acme Inc', editedAt: second, base: first },
      ],
    });
    expect(res.body.outcomes).toEqual([
      { field: 'company', outcome: 'applied' },
      { field: 'company', outcome: 'applied' },
    ]);
    expect(await storedFields(user.id)).toMatchObject({
      company: { value: 'Acme Inc', editedAt: second },
    });
    expect((await storedFields(user.id))!.company).not.toHaveProperty('replaced');
  });

  it("never reads or writes another rep's profile", async () => {
    const alice = await loggedInClient(server);
    const bob = await loggedInClient(server);
    await alice.client.patch('/api/profile', {
      edits: [{ field: 'company', value: 'Freightly', editedAt: at(0), base: null }],
    });
    expect((await bob.client.get('/api/profile')).body).toEqual({ fields: {} });
    // A queued edit of Alice's, delivered while Bob is signed in on that browser, is refused.
    const crossed = await bob.client.patch(
      '/api/profile',
      { edits: [{ field: 'company', value: 'Hijacked', editedAt: at(1), base: null }] },
      { headers: { [EXPECTED_USER_HEADER]: String(alice.user.id) } },
    );
    expect(crossed.status).toBe(409);
    expect(crossed.body.code).toBe('session_mismatch');
    expect(await storedFields(bob.user.id)).toBeUndefined();
    expect(await storedFields(alice.user.id)).toEqual({
      company: { value: 'Freightly', editedAt: at(0), version: 1 },
    });
  });

  const valid = { field: 'product', value: 'Dock scheduling', editedAt: at(0), base: null };
  it.each([
    ['edits: must hold at least one edit', []],
    ['edits: must be a list', 'company'],
    [
      'edits.1.field: must be one of company',
      [valid, { field: 'ceo', value: 'x', editedAt: at(0), base: null }],
    ],
    [
      'website must be a web link',
      [valid, { field: 'website', value: 'my site', editedAt: at(0), base: null }],
    ],
    [
      'bookingLink must be a web link',
      [valid, { field: 'bookingLink', value: 'javascript:alert(1)', editedAt: at(0), base: null }],
    ],
    [
      'tone must be one of direct, friendly, formal',
      [valid, { field: 'tone', value: 'angry', editedAt: at(0), base: null }],
    ],
    [
      'signaturePhone must be at most 40 characters',
      [valid, { field: 'signaturePhone', value: '5'.repeat(41), editedAt: at(0), base: null }],
    ],
    [
      'edits.1.editedAt: must be an ISO date',
      [valid, { field: 'company', value: 'Freightly', editedAt: 'yesterday', base: null }],
    ],
    ['edits.1.base', [valid, { field: 'company', value: 'Freightly', editedAt: at(0) }]],
    ['edits: must hold at most 100 edits', Array.from({ length: 101 }, () => valid)],
  ])(
    'refuses bad edits with a 400 naming what is wrong (%#: %s), and stores none of them',
    async (message, edits) => {
      const { client, user } = await loggedInClient(server);
      const res = await client.patch('/api/profile', { edits });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('invalid_request');
      expect(res.body.message).toContain(message);
      expect(await storedFields(user.id)).toBeUndefined();
    },
  );

  it('refuses a sending time that is not a date with a 400, and stores nothing', async () => {
    const { client, user } = await loggedInClient(server);
    const res = await client.patch('/api/profile', { edits: [valid], sentAt: 'now' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('sentAt: must be an ISO date');
    expect(await storedFields(user.id)).toBeUndefined();
  });
});
