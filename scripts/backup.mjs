// `node scripts/backup.mjs --out <folder>`: a backup of the running site into a new folder
// <folder>/anketa-<UTC time>/: the PostgreSQL database of DATABASE_URL (pg_dump's custom format)
// and the media folder MEDIA_DIR (a tar; the server's default .data/media when unset), with a
// manifest of checksums that scripts/restore.mjs checks. With S3_BUCKET set the media live in the
// bucket: they are left to the bucket's own versioning and replication (docs/production.md).
// The site keeps running: pg_dump reads one consistent snapshot, and see below for the files.
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DUMP_FILE,
  MANIFEST_FILE,
  MEDIA_FILE,
  mediaFiles,
  pgTool,
  run,
  sha256,
  withoutPassword,
} from './backup-lib.mjs';
import { root } from './lib.mjs';

function usage(message) {
  console.error(
    `${message}\nusage: DATABASE_URL=postgres://... [MEDIA_DIR=...] node scripts/backup.mjs --out <folder>`,
  );
  process.exit(2);
}

async function main() {
  const outIndex = process.argv.indexOf('--out');
  const out = outIndex > 0 ? process.argv[outIndex + 1] : undefined;
  if (!out) usage('--out <folder> is required: where the backup folder is made');
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    usage(
      'DATABASE_URL is required. An embedded PGlite database is a folder (DATA_DIR): stop the server and copy it.',
    );
  }
  const inBucket = process.env.S3_BUCKET || undefined;
  const mediaDir = path.resolve(process.env.MEDIA_DIR || path.join(root, '.data', 'media'));

  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const folder = path.resolve(out, `anketa-${stamp}`);
  await mkdir(path.dirname(folder), { recursive: true });
  // Never into an existing folder: two backups in the same second would mix.
  await mkdir(folder);
  const started = Date.now();
  try {
    // The files first, the database second: an upload stores its files before it commits the row
    // that names them, so every file a row in the dump names is on disk by the time the dump
    // starts. Files stored after the archive was made are added to it once the dump is done; a
    // file deleted meanwhile stays in the archive, and a restored server sweeps it after an hour.
    let media = null;
    if (!inBucket) {
      const archive = path.join(folder, MEDIA_FILE);
      const first = await mediaFiles(mediaDir);
      await archiveFiles(mediaDir, archive, first, 'create');
      await dump(databaseUrl, path.join(folder, DUMP_FILE));
      const before = new Set(first);
      const added = (await mediaFiles(mediaDir)).filter((file) => !before.has(file));
      if (added.length > 0) await archiveFiles(mediaDir, archive, added, 'append');
      media = {
        file: MEDIA_FILE,
        sha256: await sha256(archive),
        files: first.length + added.length,
        bytes: (await stat(archive)).size,
        from: mediaDir,
      };
    } else {
      await dump(databaseUrl, path.join(folder, DUMP_FILE));
    }

    const dumpPath = path.join(folder, DUMP_FILE);
    const manifest = {
      createdAt: new Date().toISOString(),
      database: {
        file: DUMP_FILE,
        format: 'pg_dump custom',
        sha256: await sha256(dumpPath),
        bytes: (await stat(dumpPath)).size,
        from: withoutPassword(databaseUrl),
        pgDump: (await run(pgTool('pg_dump'), ['--version'])).trim(),
      },
      media,
      mediaInBucket: inBucket ?? null,
    };
    await writeFile(path.join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.error(
      `backed up ${manifest.database.from} (${manifest.database.bytes} bytes)` +
        (media
          ? ` and ${media.files} media files (${media.bytes} bytes)`
          : `; media are in the bucket ${inBucket}`) +
        ` in ${seconds} s`,
    );
    // The folder alone on standard output, for scripts that keep or copy it.
    console.log(folder);
  } catch (error) {
    // Half a backup must not be mistaken for one.
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}

function dump(databaseUrl, file) {
  // Custom format: compressed, and pg_restore picks what to restore and in which order.
  return run(pgTool('pg_dump'), [
    '--format=custom',
    '--no-password',
    `--file=${file}`,
    `--dbname=${databaseUrl}`,
  ]);
}

async function archiveFiles(dir, archive, files, mode) {
  const list = `${archive}.list`;
  // NUL-separated and verbatim: a stored name may begin with a dash (names are random base64url),
  // which tar would otherwise read from the list as an option.
  await writeFile(list, files.map((file) => `${file}\0`).join(''));
  try {
    // Modification times are kept: the restored server's sweep judges an orphan's age by them.
    await run('tar', [
      mode === 'create' ? '--create' : '--append',
      `--file=${archive}`,
      `--directory=${dir}`,
      '--null',
      '--verbatim-files-from',
      '--files-from',
      list,
    ]);
  } finally {
    await rm(list, { force: true });
  }
}

main().catch((error) => {
  console.error(`The backup failed: ${error.message}`);
  process.exit(1);
});
