// `npm run setup-link`: a new one-time setup link, for an operator who lost the one printed at
// start-up (the old link stops working). Uses DATABASE_URL, or the embedded database in DATA_DIR,
// also while the server runs on it (the running server does it).
import { loadConfig } from '../config';
import { runFromShell } from '../operatorCommands';
import { withSessionSecret } from '../sessionSecret';

// The server's secret (SESSION_SECRET, or the one it keeps in DATA_DIR): the link's token is sealed under it.
const { config } = await withSessionSecret(loadConfig());
await runFromShell(config, { command: 'setup-link' });
