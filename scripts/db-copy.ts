// npm run db:copy -- --from sqlite:<dir> --to <postgres url>
// Copies an installation's data from the embedded SQLite database to an empty PostgreSQL database
// (apps/services/src/db/copy.ts). Stop the servers first, or copy while they run: the source is read
// as one consistent snapshot, but writes made after it are not copied.
import { isAbsolute, resolve } from 'node:path';
import { CopyError, copySqliteToPostgres, parseSqliteSource } from '@portico/services';
import { ROOT } from './build.ts';

function usage(message: string): never {
  console.error(
    `db:copy: ${message}\nusage: npm run db:copy -- --from sqlite:<data dir> --to postgres://user:pass@host:5432/db`,
  );
  process.exit(2);
}

const args = process.argv.slice(2);
const value = (name: string): string | undefined => {
  const inline = args.find((arg) => arg.startsWith(`${name}=`));
  if (inline) return inline.slice(name.length + 1);
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const from = value('--from');
const to = value('--to') ?? process.env.DATABASE_URL;
if (!from) usage('--from is missing');
if (!to) usage('--to is missing (or set DATABASE_URL)');

let dir: string;
try {
  dir = parseSqliteSource(from);
} catch (error) {
  usage(error instanceof Error ? error.message : String(error));
}
const dataDir = isAbsolute(dir) ? dir : resolve(ROOT, dir);
try {
  const result = await copySqliteToPostgres(dataDir, to, (line) => console.log(line));
  const rows = Object.values(result.tables).reduce((sum, n) => sum + n, 0);
  console.log(
    `db:copy: ${rows.toLocaleString('en-US')} rows in ${Object.keys(result.tables).length} tables copied and counted in ${(result.ms / 1000).toFixed(1)} s`,
  );
  console.log('db:copy: now start Portico with DATABASE_URL set to the target.');
} catch (error) {
  console.error(
    `db:copy: ${error instanceof CopyError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
}
