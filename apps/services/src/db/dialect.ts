// The SQL dialects the services run on (its own module: both database.ts and migrations.ts need it,
// and migrations.ts must not import the module that runs it).

/** The SQL dialect behind a services database (db/database.ts). */
export type Dialect = 'sqlite' | 'postgres';
