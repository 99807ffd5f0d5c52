// `npm run grant-pro -- <username>` / `npm run revoke-pro -- <username>`: an operator gives or takes
// Pro by hand (no Stripe needed). Uses DATABASE_URL, or the embedded database in DATA_DIR: with the
// embedded database, stop the server first (one process may open it at a time).
import { loadConfig } from '../config';
import { openDatabase } from '../db';
import { setProByUsername } from './billing.sql';

const [action, username] = process.argv.slice(2);
if ((action !== 'grant' && action !== 'revoke') || !username) {
  console.error('Usage: npm run grant-pro -- <username>   |   npm run revoke-pro -- <username>');
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const found = await setProByUsername(db.pool, username, action === 'grant');
  if (!found) {
    console.error(`No user named '${username}' on ${db.label}.`);
    process.exitCode = 1;
  } else {
    console.log(
      `${action === 'grant' ? 'Granted' : 'Revoked'} Pro for '${username}' on ${db.label}.`,
    );
  }
} finally {
  await db.close();
}
