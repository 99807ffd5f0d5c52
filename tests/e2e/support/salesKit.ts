// The rep's profile and sales kit, filled through the API as another device would.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { KIT_FILE_NAME_HEADER } from '../../../domain/contract/kit';

async function csrfToken(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/csrf-token')).json()) as { csrfToken: string }).csrfToken;
}

/** PATCH /api/profile with `values`, each field edited on a blank one. */
export async function fillProfile(
  request: APIRequestContext,
  values: Record<string, string>,
): Promise<void> {
  const editedAt = new Date().toISOString();
  const res = await request.patch('/api/profile', {
    headers: { 'x-csrf-token': await csrfToken(request) },
    data: {
      edits: Object.entries(values).map(([field, value]) => ({
        field,
        value,
        editedAt,
        base: null,
      })),
    },
  });
  if (!res.ok()) throw new Error(`profile: ${res.status()} ${await res.text()}`);
}

/** PUT /api/kit/files/{id}: a file into the rep's kit; answers its id. */
export async function uploadToKit(
  request: APIRequestContext,
  name: string,
  bytes: Uint8Array,
): Promise<string> {
  const id = randomBytes(16).toString('base64url').slice(0, 21);
  const res = await request.put(`/api/kit/files/${id}`, {
    headers: {
      'x-csrf-token': await csrfToken(request),
      [KIT_FILE_NAME_HEADER]: encodeURIComponent(name),
      'content-type': 'application/pdf',
    },
    data: Buffer.from(bytes),
  });
  if (res.status() !== 201) throw new Error(`upload: ${res.status()} ${await res.text()}`);
  return id;
}

/** DELETE /api/kit/files/{id}. */
export async function deleteFromKit(request: APIRequestContext, id: string): Promise<void> {
  const res = await request.delete(`/api/kit/files/${id}`, {
    headers: { 'x-csrf-token': await csrfToken(request) },
  });
  if (res.status() !== 204) throw new Error(`delete: ${res.status()}`);
}
