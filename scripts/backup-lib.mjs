// What the backup and restore scripts share: PostgreSQL's client tools, the media folder's files,
// checksums. Plain Node and the system's tools (pg_dump, pg_restore, psql, tar): a backup runs
// where the repository is checked out, without its packages installed.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** The file the dump goes to (pg_dump's custom format), the media archive and the manifest. */
export const DUMP_FILE = 'database.dump';
export const MEDIA_FILE = 'media.tar';
export const MANIFEST_FILE = 'manifest.json';

/**
 * A PostgreSQL client tool: from PG_BIN when set, else the newest /usr/lib/postgresql/<n>/bin
 * (Debian installs several side by side; pg_dump must be as new as the server), else PATH.
 */
export function pgTool(name) {
  if (process.env.PG_BIN) return path.join(process.env.PG_BIN, name);
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((version) => existsSync(path.join(base, version, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions.length > 0 ? path.join(base, versions[0], 'bin', name) : name;
}

/** Runs a command; resolves with its standard output, rejects with its error output on failure. */
export function run(command, args, { env = process.env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${path.basename(command)} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

export function sha256(file) {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/**
 * The stored files under the media folder, as paths relative to it: every file but the server's
 * own working folders (names starting with a dot, such as `.incoming`: uploads in progress) and
 * half-written files (`.partial`), which a restored server would only sweep away.
 */
export async function mediaFiles(dir) {
  if (!existsSync(dir)) return [];
  const files = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name));
    if (relative.split(path.sep).some((part) => part.startsWith('.'))) continue;
    if (entry.name.endsWith('.partial')) continue;
    files.push(relative);
  }
  return files.sort();
}

/** A URL with its password hidden, for messages. */
export function withoutPassword(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a URL)';
  }
}
