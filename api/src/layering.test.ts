import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const modulesDir = fileURLToPath(new URL('./modules/', import.meta.url));

/** `from 'drizzle-orm'` (or a subpath) and `from '…/db/schema'`: building queries. */
const dataAccess = /from '(drizzle-orm[^']*|[^']*\/db\/schema)'/;

/**
 * Files that still build their own queries, to be moved into their module's repository (issue
 * 25). The list only shrinks: a file leaves it when its queries move, and the test below fails
 * if a listed file no longer needs its place, so a cleaned file cannot slip back unnoticed.
 */
const NOT_MOVED_YET = new Set<string>([
]);

const isTest = (file: string) => file.endsWith('.test.ts');
/** A module's `repository.ts`, or any file of its `repository/` folder. */
const isRepository = (file: string) =>
  path.basename(file) === 'repository.ts' || file.split('/').includes('repository');

function sourceFiles(dir: string, base = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = base ? `${base}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return sourceFiles(path.join(dir, entry.name), relative);
    return entry.name.endsWith('.ts') ? [relative] : [];
  });
}

const buildsQueries = (file: string) => dataAccess.test(readFileSync(path.join(modulesDir, file), 'utf8'));

describe('data access in the API modules', () => {
  const files = sourceFiles(modulesDir).filter((file) => !isTest(file));

  it('is written in repositories: no other module file imports drizzle-orm or the schema', () => {
    const offenders = files.filter((file) => !isRepository(file) && buildsQueries(file));
    expect(offenders.filter((file) => !NOT_MOVED_YET.has(file))).toEqual([]);
  });

  it('lists only files that still need their place among those not moved yet', () => {
    const cleaned = [...NOT_MOVED_YET].filter((file) => !files.includes(file) || !buildsQueries(file));
    expect(cleaned).toEqual([]);
  });

  it('recognises a query-building file (the check reads the files it means to)', () => {
    expect(files).toContain('catalog/repository.ts');
    expect(buildsQueries('catalog/repository.ts')).toBe(true);
  });
});
