// `npm run grant-pro -- <username>` / `npm run revoke-pro -- <username>`: an operator gives or takes
// Pro by hand, as Settings → Plans does in the browser (no payment needed). Uses DATABASE_URL, or the
// embedded database in DATA_DIR, also while the server runs on it (through the server's socket).
import { loadConfig, paymentsEnabled } from '../config';
import { openOperatorDatabase } from '../db';
import { setGrantByUsername } from './planSettings.sql';

const [action, username] = process.argv.slice(2);
if ((action !== 'grant' && action !== 'revoke') || !username) {
  console.error('Usage: npm run grant-pro -- <username>   |   npm run revoke-pro -- <username>');
  process.exit(2);
}
const config = loadConfig();
const db = await openOperatorDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const account = await setGrantByUsername(
    db.pool,
    username,
    action === 'grant',
    paymentsEnabled(config),
  );
  if (!account) {
    console.error(`No user named '${username}' on ${db.label}.`);
    process.exitCode = 1;
  } else {
    const still =
      action === 'revoke' && account.access !== 'none'
        ? account.access === 'everyone'
          ? ' (every account on this server gets every tool: see Settings → Plans)'
          : ' (they keep their paid subscription)'
        : '';
    console.log(
      `${action === 'grant' ? 'Granted' : 'Revoked'} Pro for '${account.username}' on ${db.label}${still}. It counts from their next request.`,
    );
  }
} finally {
  await db.close();
}
