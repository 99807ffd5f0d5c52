import { expect, test } from './fixtures';
import { AppServer } from './support/appServer';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

// Nothing configured, but an OpenAI-compatible server answers at the local model
// address (Ollama's, by default). Here the suite's fake model server plays Ollama, on its own port,
// and this spec runs an app server of its own that is told to look there.

const PORT = Number(process.env.E2E_PORT ?? 8091) + 7;
const LOCAL_MODEL_URL = `http://127.0.0.1:${Number(process.env.E2E_FAKE_OPENAI_PORT ?? 8092)}/v1`;

let server: AppServer;

test.use({ baseURL: `http://127.0.0.1:${PORT}` });
test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = new AppServer(PORT, {
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    OPENAI_API_KEY: undefined,
    OPENAI_BASE_URL: undefined,
    LLM_MODELS: undefined,
    LOCAL_LLM_URL: LOCAL_MODEL_URL,
  });
  await server.start();
});
test.afterAll(async () => {
  await server?.kill();
});

test('with no model configured, a local OpenAI-compatible server is found at start-up, used for the chat, and start-up says so', async ({
  chat,
  newAccount,
}) => {
  // The fake lists one model, gpt-4o: the picker offers what the local server has, not LLM_MODELS' default list.
  expect(server.log).toContain(
    `model:    gpt-4o (found a local model server at ${LOCAL_MODEL_URL}; models: gpt-4o)`,
  );
  await chat.openAsNewUser(newAccount);
  await chat.send('Which channel should I try first?');
  await expect(chat.replyText()).toHaveText('You said: Which channel should I try first?');
  await expect(chat.replies.last()).not.toContainText('Offline drafter');
});
