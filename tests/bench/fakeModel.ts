/**
 * Asks the fake model at `url` straight for a streamed reply to `content`, as the app's gateway
 * would: what the benches time to know the model's own share of a figure.
 */
export function streamFromFakeModel(url: string, content: string): Promise<Response> {
  return fetch(`${url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-bench' },
    body: JSON.stringify({ model: 'gpt-4o', stream: true, messages: [{ role: 'user', content }] }),
  });
}
