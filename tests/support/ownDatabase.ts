import { Client } from 'pg';
import { openDatabase } from '../../api/db';
import { IN_MEMORY } from '../../db/embedded';

/** A database made for one test server; `drop()` removes it once the server has closed. */
export interface OwnDatabase {
  /** Its address, or '' for the embedded PGlite (which is one per server anyway). */
  url: string;
  drop(): Promise<void>;
}

const EMBEDDED: OwnDatabase = { url: '', drop: async () => {} };

/**
 * Every database this worker makes is named after the suite's database and the worker's number, so
 * two workers never share a name and a run that was killed leaves only names the next run of the
 * same worker clears.
 */
function namesFor(base: URL) {
  const worker = process.env.VITEST_POOL_ID ?? String(process.pid);
  const prefix = `${decodeURIComponent(base.pathname.slice(1))}_w${worker}`;
  const url = (name: string) => Object.assign(new URL(base), { pathname: `/${name}` }).toString();
  return { prefix, template: `${prefix}_template`, url };
}

/** Runs `work` with a connection to the suite's database, from which databases are made and dropped. */
async function withAdmin<T>(baseUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A migrated, empty database to copy: this worker's leftovers cleared, then migrations run once. */
async function makeTemplate(baseUrl: string): Promise<void> {
  const names = namesFor(new URL(baseUrl));
  await withAdmin(baseUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
      [`${names.prefix}_`],
    );
    for (const { datname } of rows)
      await admin.query(`DROP DATABASE IF EXISTS ${quoted(datname)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${quoted(names.template)}`);
  });
  const template = await openDatabase({
    databaseUrl: names.url(names.template),
    dataDir: IN_MEMORY,
  });
  await template.close();
}

let template: Promise<void> | undefined;
/** One database made at a time, so two copies of the template never start together. */
let making: Promise<unknown> = Promise.resolve();
let made = 0;

/**
 * A database of a test server's own, for tests that change what there is one of per database (the
 * operator, the setup link, the model, speech, CRM and search settings, every token counted). On
 * the machine's Postgres (TEST_DATABASE_URL or DATABASE_URL) it is a copy of a migrated template,
 * made in a fraction of a second, where starting an embedded PGlite costs three to four seconds of
 * CPU; without one it is the embedded PGlite.
 */
export async function ownDatabase(suiteUrl: string | undefined): Promise<OwnDatabase> {
  if (!suiteUrl) return EMBEDDED;
  template ??= makeTemplate(suiteUrl);
  await template;
  const names = namesFor(new URL(suiteUrl));
  const name = `${names.prefix}_${++made}`;
  const create = making.then(() =>
    withAdmin(suiteUrl, (admin) =>
      admin.query(`CREATE DATABASE ${quoted(name)} TEMPLATE ${quoted(names.template)}`),
    ),
  );
  making = create.catch(() => {});
  await create;
  return {
    url: names.url(name),
    drop: () =>
      withAdmin(suiteUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`),
      ).then(() => undefined),
  };
}
