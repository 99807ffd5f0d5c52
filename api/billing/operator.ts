// `npm run grant-pro -- <username>` / `npm run revoke-pro -- <username>`: an operator gives or takes
// Pro by hand, as Settings → Plans does in the browser (no payment needed). Uses DATABASE_URL, or the
// embedded database in DATA_DIR, also while the server runs on it (the running server does it).
import { loadConfig } from '../config';
import { runFromShell } from '../operatorCommands';

const [action, username] = process.argv.slice(2);
if ((action !== 'grant' && action !== 'revoke') || !username) {
  console.error('Usage: npm run grant-pro -- <username>   |   npm run revoke-pro -- <username>');
  process.exit(2);
}
await runFromShell(loadConfig(), { command: action, username });
