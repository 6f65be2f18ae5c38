// `node scripts/restore.mjs <backup folder>`: a backup made by scripts/backup.mjs restored into a
// fresh database (DATABASE_URL: it must exist and be empty, e.g. `createdb anketa_restored`) and
// a fresh media folder (MEDIA_DIR: missing or empty). It checks the manifest's checksums first and
// refuses anything that is not fresh: a restore never mixes with live data. Then start the
// server on them (same AUTH_SECRET as before, or every session ends).
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MANIFEST_FILE, mediaFiles, pgTool, run, sha256, withoutPassword } from './backup-lib.mjs';
import { root } from './lib.mjs';

function usage(message) {
  console.error(
    `${message}\nusage: DATABASE_URL=postgres://... [MEDIA_DIR=...] node scripts/restore.mjs <backup folder>`,
  );
  process.exit(2);
}

async function main() {
  const folder = process.argv[2];
  if (!folder) usage('the backup folder is required (the one scripts/backup.mjs printed)');
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) usage('DATABASE_URL is required: an empty database to restore into');
  const mediaDir = path.resolve(process.env.MEDIA_DIR || path.join(root, '.data', 'media'));
  const started = Date.now();

  const manifest = JSON.parse(await readFile(path.join(folder, MANIFEST_FILE), 'utf8'));
  const parts = [manifest.database, manifest.media].filter(Boolean);
  for (const part of parts) {
    const actual = await sha256(path.join(folder, part.file));
    if (actual !== part.sha256)
      throw new Error(`${part.file} does not match its checksum in ${MANIFEST_FILE}`);
  }

  // Fresh means fresh: no table in the database, no file in the folder.
  const tables = await run(pgTool('psql'), [
    '--no-psqlrc',
    '--no-password',
    '--tuples-only',
    '--no-align',
    `--dbname=${databaseUrl}`,
    '--command',
    "select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
  ]);
  if (Number(tables.trim()) !== 0) {
    throw new Error(
      `${withoutPassword(databaseUrl)} has ${tables.trim()} tables: restore into an empty database`,
    );
  }
  if (manifest.media) {
    const present = await readdir(mediaDir).catch((error) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    if (present.length > 0) throw new Error(`${mediaDir} is not empty: restore into a new folder`);
  }

  // One transaction: a restore that fails half-way leaves the database empty, not half-filled.
  // Owners and grants are the restoring user's: the new server may log in as another role.
  await run(pgTool('pg_restore'), [
    '--no-password',
    '--single-transaction',
    '--exit-on-error',
    '--no-owner',
    '--no-privileges',
    `--dbname=${databaseUrl}`,
    path.join(folder, manifest.database.file),
  ]);

  let restoredFiles = 0;
  if (manifest.media) {
    await mkdir(mediaDir, { recursive: true });
    await run('tar', [
      '--extract',
      `--file=${path.join(folder, manifest.media.file)}`,
      `--directory=${mediaDir}`,
    ]);
    restoredFiles = (await mediaFiles(mediaDir)).length;
    if (restoredFiles !== manifest.media.files) {
      throw new Error(`${restoredFiles} media files restored, the manifest says ${manifest.media.files}`);
    }
  }

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `restored the backup of ${manifest.createdAt} into ${withoutPassword(databaseUrl)}` +
      (manifest.media
        ? ` and ${restoredFiles} media files into ${mediaDir}`
        : `; its media are in the bucket ${manifest.mediaInBucket}`) +
      ` in ${seconds} s`,
  );
}

main().catch((error) => {
  console.error(`The restore failed: ${error.message}`);
  process.exit(1);
});
