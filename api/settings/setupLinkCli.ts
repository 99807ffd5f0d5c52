// `npm run setup-link`: a new one-time setup link, for an operator who lost the one printed at
// start-up (the old link stops working). Uses DATABASE_URL, or the embedded database in DATA_DIR:
// also while the server runs on the embedded database (through the server's socket).
import { addressToOpen, loadConfig } from '../config';
import { withSessionSecret } from '../sessionSecret';
import { openOperatorDatabase } from '../db';
import { issueSetupToken, setupLink } from './setupToken';

// The server's secret (SESSION_SECRET, or the one it keeps in DATA_DIR): the link's token is sealed under it.
const { config } = await withSessionSecret(loadConfig());
const db = await openOperatorDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const { rows } = await db.pool.query<{ username: string }>(
    'SELECT username FROM users WHERE is_operator ORDER BY id',
  );
  if (rows.length) {
    console.error(
      `This server has its operator already (${rows.map((r) => r.username).join(', ')}): a setup link would not be accepted.`,
    );
    process.exitCode = 1;
  } else {
    const token = await issueSetupToken(db.pool, config.sessionSecret);
    console.log(
      `A new setup link for ${db.label} (the previous one no longer works):\n\n  ${setupLink(addressToOpen(config, config.port), token)}\n\nOpen it and sign in (or create an account) to become this server's operator. It works once.`,
    );
  }
} finally {
  await db.close();
}
