import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const modulesDir = fileURLToPath(new URL('./modules/', import.meta.url));

/** `from 'drizzle-orm'` (or a subpath) and `from '…/db/schema'`: building queries. */
const dataAccess = /from '(drizzle-orm[^']*|[^']*\/db\/schema)'/;

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

// Services, jobs and routes call their module's repository, which takes the transaction it runs
// in; a query written anywhere else is the pattern the next module would copy.
describe('data access in the API modules', () => {
  const files = sourceFiles(modulesDir).filter((file) => !isTest(file));

  it('is written in repositories: no other module file imports drizzle-orm or the schema', () => {
    expect(files.filter((file) => !isRepository(file) && buildsQueries(file))).toEqual([]);
  });

  it('recognises a query-building file (the check reads the files it means to)', () => {
    expect(files).toContain('catalog/repository.ts');
    expect(buildsQueries('catalog/repository.ts')).toBe(true);
    expect(isRepository('admin/repository/money.ts')).toBe(true);
    expect(isRepository('admin/money.ts')).toBe(false);
  });
});
