// The browser builds share the router as this folder's selection of it, so a name an app imports
// that is missing here would be `undefined` in production only. This reads every app's sources.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as sharedRouter from './index';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(full);
    // Unit tests and server entries run against the package itself, not the browser's share.
    const runsInBrowser =
      /\.(ts|tsx)$/.test(entry.name) &&
      !/\.(test|spec)\./.test(entry.name) &&
      !/^server\.tsx?$/.test(entry.name);
    return runsInBrowser ? [full] : [];
  });
}

const apps = readdirSync(root).filter(
  (name) =>
    name === 'shell' || name.startsWith('mfe-') || ['platform', 'shared-ui', 'account-ui'].includes(name),
);
const files = apps.flatMap((app) => sourceFiles(path.join(root, app, 'src')));

/** The value names each file imports from a module (`import type` and `type X` left out). */
function importedNames(source: string, from: string): string[] {
  const pattern = new RegExp(`import\\s+(?!type\\s)\\{([^}]*)\\}\\s*from\\s*'${from}'`, 'g');
  return [...source.matchAll(pattern)].flatMap((match) =>
    (match[1] ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '' && !part.startsWith('type '))
      .map((part) => part.split(/\s+as\s+/)[0] ?? part),
  );
}

describe('the shared router', () => {
  it('reads the sources of every app', () => {
    expect(apps).toEqual(expect.arrayContaining(['shell', 'platform', 'mfe-catalog', 'mfe-model-cabinet']));
    expect(files.length).toBeGreaterThan(100);
  });

  it('exports every name the apps import from react-router-dom', () => {
    const missing = files.flatMap((file) => {
      const source = readFileSync(file, 'utf8');
      // A namespace import could reach any name; name them instead.
      if (/import\s+\*\s+as\s+\w+\s+from\s+'react-router-dom'/.test(source)) return [`* in ${file}`];
      return importedNames(source, 'react-router-dom')
        .filter((name) => !(name in sharedRouter))
        .map((name) => `${name} in ${path.relative(root, file)}`);
    });
    expect(missing).toEqual([]);
  });

  it('is the only way the apps reach the router (react-router itself would be a second copy)', () => {
    const direct = files
      .filter((file) => /from 'react-router(\/dom)?'/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file))
      .filter((file) => !file.startsWith(path.join('platform', 'src', 'shared-router')));
    expect(direct).toEqual([]);
  });

  it('finds the names of a multi-line import and leaves types out', () => {
    const source =
      "import {\n  Link,\n  type LinkProps,\n  useNavigate as go,\n} from 'react-router-dom';\nimport type { Location } from 'react-router-dom';";
    expect(importedNames(source, 'react-router-dom')).toEqual(['Link', 'useNavigate']);
  });
});
