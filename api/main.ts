// The process: read the environment, open (and migrate) the database, serve the API and the PWA.
import type { AddressInfo } from 'node:net';
import { addressToOpen, loadConfig, modelInUse, ConfigError } from './config';
import { openDatabase } from './db';
import { serveOperatorCommands } from './operatorCommands';
import { createApp } from './app';
import { loggerFor } from './log';
import { sweepExpired, vacuumEmbedded } from './maintenance';
import { recoverCutReplies } from './chats/recover';
import { withLocalModel } from './llm/localModel';
import { liveGateway } from './llm/live';
import { currentSetupToken, setupLink } from './settings/setupToken';
import { withSessionSecret } from './sessionSecret';
import { describeSmtpUrl, mailDir } from './mail';
import { vapidKeys } from './push/vapid';

const SWEEP_EVERY_MS = 60 * 60 * 1000;
const KEEP_ALIVE_MS = 65_000;

async function main() {
  let config;
  let secret;
  try {
    // Without SESSION_SECRET (development), the server's own secret, made once in DATA_DIR.
    ({ config, source: secret } = await withSessionSecret(loadConfig()));
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const log = loggerFor(config);
  // No model configured: a local OpenAI-compatible server (Ollama's address outside production, or
  // LOCAL_LLM_URL) is used if one answers.
  const local = await withLocalModel(config, log);
  config = local.config;
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Before serving: a reply the last run was writing when it died is settled, not left 'streaming'.
  await recoverCutReplies({ pool: db.pool, log, embedded: !config.databaseUrl });
  // The model as the environment and Settings → Model (stored in the database) say, read before serving.
  const llm = liveGateway({ config, pool: db.pool, log });
  await llm.reload();
  // No operator yet: the one-time setup link (the same one across restarts, until someone claims it).
  const setupToken = await currentSetupToken(db.pool, config.sessionSecret);
  // The push key pair, made at the first start and kept: every phone's subscription is made for it.
  await vapidKeys(db.pool, config, log);
  const app = createApp({ config, pool: db.pool, log, llm });
  const server = app.listen(config.port, config.host);
  // An idle keep-alive socket is closed after this long. Node's 5 s is shorter than what clients and
  // proxies keep one for (60 s is usual for load balancers), so a request sent on a socket as the
  // server closed it failed with ECONNRESET; the server now waits longer than they do.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  await new Promise<void>((resolve, reject) =>
    server.once('listening', resolve).once('error', reject),
  );

  // Printed whatever LOG_LEVEL says (a child logger of its own level): where it runs, on what.
  const startup = log.child({}, { level: 'info' });
  const address = addressToOpen(config, (server.address() as AddressInfo).port);
  startup.info(`Pitchpad is running at ${address}`);
  startup.info(`  database: ${db.label}`);
  const stored =
    llm.stored &&
    (llm.stored.baseUrl || llm.stored.apiKey) &&
    !config.llm.fromEnv.apiKey &&
    !config.llm.fromEnv.baseUrl;
  const where = stored
    ? ' (connected in Settings → Model)'
    : local.found && llm.effective.baseUrl === local.found
      ? ` (found a local model server at ${local.found}; models: ${llm.effective.models.join(', ')})`
      : '';
  startup.info(`  model:    ${modelInUse({ ...config, llm: llm.effective })}${where}`);
  if (secret.kind === 'file')
    startup.info(
      `  secret:   ${secret.path}, ${secret.created ? 'made now' : 'made on the first start'} (SESSION_SECRET is not set)`,
    );
  else if (secret.kind === 'memory')
    startup.info(
      `  secret:   a new one for this run (SESSION_SECRET is not set and DATA_DIR is in memory)`,
    );
  // Password reset by email (api/mail.ts): where its messages go, or that it is off.
  startup.info(
    config.mail.smtpUrl
      ? `  mail:     password reset links go out through ${describeSmtpUrl(config.mail.smtpUrl)}`
      : config.isProduction
        ? `  mail:     SMTP_URL is not set: password reset by email is off; set SMTP_URL to turn it on`
        : `  mail:     SMTP_URL is not set: each email is written as an .eml file under ${mailDir(config)}`,
  );
  if (setupToken) {
    startup.info(`  setup:    ${setupLink(address, setupToken)}`);
    startup.info(
      `            open it and sign in (or create an account) to become this server's operator and connect a model; it works once`,
    );
  }

  const sweep = () =>
    sweepExpired(db.pool).then(
      (n) => log.debug(`swept expired rows: ${JSON.stringify(n)}`),
      (err: Error) => log.warn(`sweeping expired rows failed: ${err.message}`),
    );
  void sweep();
  // The embedded database also vacuums then (it has no autovacuum): hourly, not at start, where it
  // would hold the first requests back while a large database is read through.
  const tidy = () =>
    config.databaseUrl
      ? sweep()
      : sweep().then(() =>
          vacuumEmbedded(db.pool).catch((err: Error) =>
            log.warn(`vacuuming the embedded database failed: ${err.message}`),
          ),
        );
  setInterval(tidy, SWEEP_EVERY_MS).unref();
  // Calendars read, prep briefs made and meeting reminders sent, every minute on every instance.
  const stopCalendarWork = app.calendarWork.start();
  // On the embedded database, npm run grant-pro and setup-link ask this process (api/operatorCommands.ts).
  const operatorCommands = config.databaseUrl
    ? null
    : await serveOperatorCommands(config, db.pool, db.label).catch((err: Error) => {
        log.warn(`operator commands from the shell are off: ${err.message}`);
        return null;
      });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    startup.info(`${signal}: shutting down`);
    stopCalendarWork();
    server.close();
    server.closeAllConnections();
    operatorCommands?.close();
    await db.close().catch((err: Error) => log.error(`closing the database: ${err.message}`));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: Error) => {
  console.error(`Pitchpad could not start: ${err.message}`);
  process.exit(1);
});
