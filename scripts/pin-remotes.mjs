// Pins each remote's server build in the registry the shell build ships (shell/dist/remotes.json):
// the record's `integrity` is the SHA-384 of the file the build wrote, as Subresource Integrity
// writes it, and the API runs a server build only when its bytes hash to it (in production, only
// pinned ones). A record naming another origin is that remote team's to pin.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The SRI value of a file's bytes. */
export const integrityOf = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/**
 * Writes `integrity` into every record whose `ssr` is a path of this server (`/mfe/<name>/...`,
 * served from `mfe-<name>/dist/`). Answers the names it pinned; a named file that is missing
 * fails the build rather than shipping a registry that names it unpinned.
 */
export function pinServerEntries(root, registryFile = path.join(root, 'shell', 'dist', 'remotes.json')) {
  const registry = JSON.parse(readFileSync(registryFile, 'utf8'));
  const pinned = [];
  for (const [name, record] of Object.entries(registry)) {
    if (typeof record !== 'object' || record === null || typeof record.ssr !== 'string') continue;
    const match = /^\/mfe\/([a-z0-9-]+)\/([^?#]+)$/.exec(record.ssr);
    if (!match) continue;
    const file = path.join(root, `mfe-${match[1]}`, 'dist', ...match[2].split('/'));
    if (!existsSync(file))
      throw new Error(`${name}: its server build ${path.relative(root, file)} is missing`);
    record.integrity = integrityOf(readFileSync(file));
    pinned.push(name);
  }
  writeFileSync(registryFile, `${JSON.stringify(registry, null, 2)}\n`);
  return pinned;
}

/** A remote's declaration, `mfe-<name>/remote.json`: its federation name and the routes it owns. */
export function remoteDeclaration(root, dir) {
  const file = path.join(root, dir, 'remote.json');
  if (!existsSync(file)) return null;
  const declared = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof declared.name !== 'string' || !Array.isArray(declared.routes)) {
    throw new Error(`${path.relative(root, file)} needs a name and a list of routes`);
  }
  return declared;
}

/**
 * Writes into each record this server serves (`/mfe/<name>/...`, built from `mfe-<name>/`) the
 * routes its remote declares in its remote.json: the shell and the page renderer give a path to
 * the remote whose routes match it (issue 30), and the shell's own package no longer knows them.
 * A bare string record becomes `{ entry, routes }`. Answers the names it wrote.
 */
export function declareRoutes(root, registryFile = path.join(root, 'shell', 'dist', 'remotes.json')) {
  const registry = JSON.parse(readFileSync(registryFile, 'utf8'));
  const declared = [];
  for (const [name, record] of Object.entries(registry)) {
    const entry = typeof record === 'string' ? record : record?.entry;
    const match = typeof entry === 'string' ? /^\/mfe\/([a-z0-9-]+)\//.exec(entry) : null;
    if (!match) continue;
    const declaration = remoteDeclaration(root, `mfe-${match[1]}`);
    if (!declaration) continue;
    if (declaration.name !== name) {
      throw new Error(`mfe-${match[1]}/remote.json names ${declaration.name}, the registry ${name}`);
    }
    registry[name] = { ...(typeof record === 'string' ? { entry } : record), routes: declaration.routes };
    declared.push(name);
  }
  writeFileSync(registryFile, `${JSON.stringify(registry, null, 2)}\n`);
  return declared;
}
