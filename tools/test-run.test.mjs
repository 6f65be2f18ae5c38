// `npm test` finds what to run from the workspace (scripts/workspace.mjs); this proves it finds
// every package that has tests, and that a package whose tests stop running fails its step.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  runUnitTests,
  runVitest,
  testFilesIn,
  typecheckedPackages,
  typecheckGroups,
  unitTestedPackages,
  vitestPackages,
  workspacePackages,
} from '../scripts/workspace.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packages = workspacePackages(root);

describe('the packages npm test runs', () => {
  it('are every workspace folder with a package.json, this one included', () => {
    const dirs = packages.map((pkg) => pkg.dir);
    for (const dir of [
      'api',
      'contracts',
      'platform',
      'shared-ui',
      'shell',
      'mfe-auth',
      'mfe-catalog',
      'tools',
    ]) {
      expect(dirs).toContain(dir);
    }
  });

  it('unit-test every package that has test files, through its own Vitest test script', () => {
    const withTests = packages.filter((pkg) => testFilesIn(path.join(root, pkg.dir)).length > 0);
    expect(withTests.map((pkg) => pkg.dir)).toContain('mfe-auth');
    expect(vitestPackages(packages).map((pkg) => pkg.dir)).toEqual(withTests.map((pkg) => pkg.dir));
  });

  it('run every Vitest package but the API, whose suite has steps of its own, in the root config', () => {
    const dirs = unitTestedPackages(packages).map((pkg) => pkg.dir);
    expect(dirs).not.toContain('api');
    expect([...dirs, 'api'].sort()).toEqual(vitestPackages(packages).map((pkg) => pkg.dir));
  });

  it('type-check each package once: in a shared program only with packages of the same options', () => {
    const groups = typecheckGroups(packages, root);
    const checked = groups.flatMap((group) => group.dirs).sort();
    expect(checked).toEqual(typecheckedPackages(packages).map((pkg) => pkg.dir));
    const frontEnd = groups.find((group) => group.dirs.includes('mfe-catalog'));
    expect(frontEnd?.dirs).toEqual(expect.arrayContaining(['platform', 'shared-ui', 'shell']));
    expect(frontEnd?.config?.include).toContain(path.join(root, 'mfe-catalog', 'src'));
    // tools checks plain JavaScript with other options: never folded into another program.
    expect(groups.find((group) => group.dirs.includes('tools'))).toEqual({ dirs: ['tools'], config: null });
  });

  it('typecheck, lint and test every package', () => {
    expect(typecheckedPackages(packages)).toEqual(packages);
    for (const pkg of packages) {
      expect(Object.keys(pkg.scripts), pkg.dir).toEqual(
        expect.arrayContaining(['typecheck', 'lint', 'test']),
      );
    }
  });
});

describe('a unit-test step', () => {
  const made = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function fixture(testScript, files) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'unit-step-'));
    made.push(dir);
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ name: 'fixture', scripts: { test: testScript } }),
    );
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    }
    return dir;
  }

  const passing = "import { expect, it } from 'vitest';\nit('adds', () => expect(1 + 1).toBe(2));\n";

  it('passes when the tests on disk ran', async () => {
    const dir = fixture('vitest run', { 'src/sum.test.ts': passing });
    await expect(runUnitTests(dir, { rootDir: root })).resolves.toContain('1 passed');
  });

  it('fails a package with test files of which no test ran, even when Vitest exits 0', async () => {
    const dir = fixture('vitest run --passWithNoTests', {
      'src/sum.test.ts': "import { it } from 'vitest';\nit.skip('adds', () => {});\n",
    });
    await expect(runUnitTests(dir, { rootDir: root })).rejects.toThrow('no test ran');
  });

  it('fails a package whose Vitest run leaves test files on disk out', async () => {
    const dir = fixture('vitest run --passWithNoTests --dir src', {
      'src/sum.test.ts': passing,
      'lib/forgotten.test.ts': passing,
    });
    await expect(runUnitTests(dir, { rootDir: root })).rejects.toThrow(
      'test files Vitest did not run: lib/forgotten.test.ts',
    );
  });

  it('checks each package of a shared run: one whose files did not run fails, with its name', async () => {
    const ran = fixture('vitest run', { 'src/sum.test.ts': passing });
    const left = fixture('vitest run', { 'src/other.test.ts': passing });
    const result = await runVitest(ran, 'vitest run', [ran], { rootDir: root });
    expect(result.counts).toMatchObject({ files: 1, tests: 1 });
    await expect(runVitest(ran, 'vitest run', [ran, left], { rootDir: root })).rejects.toThrow(
      `${path.relative(root, left)}: 1 test files on disk, but no test ran`,
    );
  });
});
