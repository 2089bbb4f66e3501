// `wc-legacy-api migrate --database-url URL`: create or upgrade the shop schema, nothing else. `serve` never changes
// the schema, so this (or `import`, which migrates first) is how a database is prepared for it.
import { migratePostgres } from '../repository/postgres/migrate';
import { CliError, messageOf } from './cli-error';
import { openDatabase } from './database';

/** What the migrate command needs from its caller. */
export interface MigrateCommand {
  readonly databaseUrl: string;
  readonly out: (line: string) => void;
}

/** Applies the missing migrations; resolves when committed, rejects with a {@link CliError}. */
export async function runMigrate(command: MigrateCommand): Promise<void> {
  const db = await openDatabase(command.databaseUrl);
  try {
    const { applied, version } = await migratePostgres(db.client).catch((error: unknown) => {
      throw new CliError(`cannot migrate the shop schema in ${db.label}: ${messageOf(error)}`);
    });
    command.out(applied.length > 0 ? `migrated ${db.label} to schema version ${version}` : `schema of ${db.label} is current (version ${version})`);
  } finally {
    await db.close().catch(() => undefined);
  }
}
