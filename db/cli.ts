// `npm run db:migrate`: apply pending migrations to DATABASE_URL, or the embedded database.
import { loadConfig } from '../api/config';
import { openDatabase } from '../api/db';

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
console.log(`Migrations are up to date on ${db.label}.`);
await db.close();
