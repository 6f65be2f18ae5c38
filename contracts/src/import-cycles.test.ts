// contracts has one direction: the value lists (enums, constants, error codes) at the bottom, the
// response schemas above them, the requests and the types inferred from the responses on top. A
// type-only import counts: the file it names still has to be read first, and a loop through it is
// how the value imports crept back in before.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// TypeScript 7's package (the native compiler the type check runs) has no JS API yet: its parser
// comes from the last JavaScript release, under an alias.
import ts from 'typescript-api';
import { describe, expect, it } from 'vitest';

type Graph = ReadonlyMap<string, readonly string[]>;

/** Each file -> the files it imports or re-exports from, by relative path. */
function importGraph(sources: ReadonlyMap<string, string>): Graph {
  const resolve = (from: string, specifier: string) => {
    const base = path.posix.join(path.posix.dirname(from), specifier);
    return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((candidate) => sources.has(candidate));
  };
  const graph = new Map<string, string[]>();
  for (const [file, source] of sources) {
    const imported = ts
      .preProcessFile(source, true, false)
      .importedFiles.map(({ fileName }) => fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .flatMap((specifier) => resolve(file, specifier) ?? []);
    graph.set(file, imported);
  }
  return graph;
}

/** The first import cycle found, as the files around it (the first one repeated last), or null. */
function findCycle(graph: Graph): string[] | null {
  const done = new Set<string>();
  const trail: string[] = [];
  const visit = (file: string): string[] | null => {
    const open = trail.indexOf(file);
    if (open >= 0) return [...trail.slice(open), file];
    if (done.has(file)) return null;
    trail.push(file);
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    done.add(file);
    return null;
  };
  for (const file of [...graph.keys()].sort()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

function readSources(root: string): Map<string, string> {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) =>
    /\.tsx?$/.test(file),
  );
  return new Map(
    files.map((file) => [file.split(path.sep).join('/'), readFileSync(path.join(root, file), 'utf8')]),
  );
}

describe('imports inside contracts/src', () => {
  it('form no cycle, type-only imports included', () => {
    const root = path.dirname(fileURLToPath(import.meta.url));
    expect(findCycle(importGraph(readSources(root)))).toBeNull();
  });

  it('would report a cycle closed by a type-only import or a re-export', () => {
    const sources = new Map([
      ['responses.ts', "import { STATUSES } from './api/payments';"],
      ['api/payments.ts', "import type * as responses from '../responses';\nexport const STATUSES = [];"],
      ['index.ts', "export * from './enums';"],
      ['enums.ts', "export { thing } from './index';"],
      ['leaf.ts', "import * as v from 'valibot';"],
    ]);
    expect(findCycle(importGraph(sources))).toEqual(['api/payments.ts', 'responses.ts', 'api/payments.ts']);
    sources.delete('api/payments.ts');
    expect(findCycle(importGraph(sources))).toEqual(['enums.ts', 'index.ts', 'enums.ts']);
  });
});
