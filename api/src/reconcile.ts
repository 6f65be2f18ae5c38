// `pnpm --filter api reconcile`: checks the books of the database the server uses (DATABASE_URL,
// else the PGlite folder DATA_DIR) and exits 1 when anything does not add up. It only reads.
// PGlite is one process's database: stop the server before pointing this at its folder.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './db/client';
import { formatReport, reconcile } from './modules/payments/reconcile';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

async function main(): Promise<number> {
  const url = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(repoRoot, '.data', 'pglite'));
  // Opening a folder that is not there would make an empty database and report it clean.
  if (!url && !existsSync(path.join(dataDir, 'PG_VERSION'))) {
    console.error(`No PGlite database in ${dataDir}: set DATA_DIR or DATABASE_URL.`);
    return 2;
  }
  const connection = await openDatabase({ url, dataDir });
  try {
    const report = await reconcile(connection.db);
    const where =
      connection.kind === 'pglite'
        ? `PGlite (${connection.location})`
        : `PostgreSQL (${connection.location})`;
    console.log(formatReport(report, where));
    return report.problems.length === 0 ? 0 : 1;
  } finally {
    await connection.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('Reconciliation could not run:', error);
    process.exit(2);
  },
);
