import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_EXTRACT_MAX_CHARS } from '../../domain/contract/profile';
import { TestClient } from '../../tests/support/client';
import {
  startModelTestServer,
  startTestServer,
  type ModelTestServer,
  type TestServer,
} from '../../tests/support/server';
import { loggedInClient } from '../../tests/factories/users';

let server: ModelTestServer;
let bare: TestServer;
beforeAll(async () => {
  [server, bare] = await Promise.all([startModelTestServer(), startTestServer()]);
});
afterAll(async () => {
  await Promise.all([server?.close(), bare?.close()]);
});

const ABOUT =
  'Freightly books dock appointments for mid-size shippers. Acme Logistics cut wait times 40%. Plans from $49 a seat. Book a call: cal.com/freightly/intro';

describe("'Fill from text' (POST /api/profile/extract)", () => {
  it('answers 401 with no session, and asks no model', async () => {
    const asked = server.fake.requests.length;
    const res = await new TestClient(server.url).post('/api/profile/extract', { text: ABOUT });
    expect(res.status).toBe(401);
    expect(server.fake.requests.length).toBe(asked);
  });

  it('reads the fields from the text with the model: the ones that fit the profile, as suggestions, storing nothing', async () => {
    const { client } = await loggedInClient(server);
    server.fake.enqueue({
      reply: JSON.stringify({
        company: 'Freightly',
        website: 'freightly.io',
        product: 'Dock appointment booking for mid-size shippers',
        proofPoints: 'Acme Logistics cut wait times 40%.',
        pricing: 'From $49 a seat',
        bookingLink: 'cal.com/freightly/intro',
        tone: 'casual',
        signaturePhone: 42,
        ceo: 'Dana Ortiz',
      }),
    });
    const res = await client.post('/api/profile/extract', { text: ABOUT });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      fields: {
        company: 'Freightly',
        website: 'https://freightly.io',
        product: 'Dock appointment booking for mid-size shippers',
        proofPoints: 'Acme Logistics cut wait times 40%.',
        pricing: 'From $49 a seat',
        bookingLink: 'https://cal.com/freightly/intro',
      },
    });
    const sent = server.fake.requests.at(-1)!;
    expect(sent.response_format).toEqual({ type: 'json_object' });
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: ABOUT });
    expect(sent.messages[0]!.content).toContain('"valueProposition": Value proposition');
    // The rep confirms field by field: nothing is in the profile yet.
    expect((await client.get('/api/profile')).body).toEqual({ fields: {} });
  });

  it('says plainly when the model answers no profile twice (502), and stores nothing', async () => {
    const { client } = await loggedInClient(server);
    server.fake.enqueue({ reply: 'I cannot help with that.' }, { reply: 'Still no JSON.' });
    const res = await client.post('/api/profile/extract', { text: ABOUT });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({
      code: 'model_invalid_output',
      message: 'The model did not answer with the profile’s fields. Try again.',
    });
    expect((await client.get('/api/profile')).body).toEqual({ fields: {} });
  });

  it.each([
    ['', 'text: must not be empty'],
    [
      'x'.repeat(PROFILE_EXTRACT_MAX_CHARS + 1),
      `text: must be at most ${PROFILE_EXTRACT_MAX_CHARS} characters`,
    ],
  ])('refuses text of %#: a 400 naming it, and asks no model', async (text, message) => {
    const { client } = await loggedInClient(server);
    const asked = server.fake.requests.length;
    const res = await client.post('/api/profile/extract', { text });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(server.fake.requests.length).toBe(asked);
  });

  it('with no model connected says it needs one (503 no_model), never a red error about setup', async () => {
    const { client } = await loggedInClient(bare);
    const res = await client.post('/api/profile/extract', { text: ABOUT });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      code: 'no_model',
      message:
        'No AI model is connected to this Pitchpad yet, so it cannot fill your profile from text. An operator can connect one in Settings → Model.',
    });
  });
});
