import { expect } from 'vitest';
import { SoftAuthenticator } from '../support/softAuthenticator';
import type { TestClient } from '../support/client';

/**
 * A passkey for `client`'s account on a (software) phone, added as the app adds one: the options,
 * the phone's attestation, the server's check. Answers the phone (it signs later answers) and the
 * passkey's id.
 */
export async function addPasskey(
  client: TestClient,
  serverUrl: string,
  headers: Record<string, string> = {},
): Promise<{ phone: SoftAuthenticator; passkeyId: string }> {
  const phone = new SoftAuthenticator(serverUrl);
  const options = await client.post('/api/account/passkeys/options');
  expect(options.status).toBe(200);
  const added = await client.post(
    '/api/account/passkeys',
    { response: phone.create(options.body) },
    { headers },
  );
  expect(added.status).toBe(201);
  return { phone, passkeyId: added.body.passkey.id as string };
}

/** `phone`'s answer to a fresh 'confirm' challenge of `client`'s account. */
export const confirmAnswer = async (client: TestClient, phone: SoftAuthenticator) =>
  phone.get((await client.post('/api/account/passkeys/confirm/options')).body);
