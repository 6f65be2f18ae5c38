// The OpenAPI document is what a client is generated from, so it is linted as one: Redocly's
// recommended rules, with the configuration in api/redocly.yaml (the warnings it keeps, and why).
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app';
import { DOCS_PREFIX } from './docs';

const configPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../redocly.yaml');

let t: TestApp;
let dir: string;
beforeAll(async () => {
  // Every route the server can have: the development pages, and the shell's pages and registry.
  dir = await mkdtemp(path.join(tmpdir(), 'docs-lint-'));
  await mkdir(path.join(dir, 'shell', 'dist'), { recursive: true });
  await writeFile(path.join(dir, 'shell', 'dist', 'index.html'), '<!doctype html><title>shell</title>');
  const registry = path.join(dir, 'remotes.json');
  await writeFile(registry, '{}');
  t = await createTestApp({ devPages: true, staticRoot: dir, remotesJson: registry });
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

type Problem = { ruleId: string; severity: string; message: string; location: { pointer?: string }[] };
const described = (problem: Problem) =>
  `${problem.ruleId} at ${problem.location[0]?.pointer ?? '?'}: ${problem.message}`;

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules without an error", async () => {
    const response = await t.app.inject(`${DOCS_PREFIX}/json`);
    expect(response.statusCode).toBe(200);
    const config = await loadConfig({ configPath });
    const problems = (await lintFromString({
      source: response.body,
      absoluteRef: path.join(dir, 'openapi.json'),
      config,
    })) as Problem[];
    expect(problems.filter((problem) => problem.severity === 'error').map(described)).toEqual([]);
    // A warning is kept only when redocly.yaml lists its rule, with the reason.
    const kept = [...(await readFile(configPath, 'utf8')).matchAll(/^ {2}([a-z0-9-]+): warn$/gm)].map(
      (match) => match[1],
    );
    expect(kept.length).toBeGreaterThan(0);
    const unlisted = problems.filter(
      (problem) => problem.severity === 'warn' && !kept.includes(problem.ruleId),
    );
    expect(unlisted.map(described)).toEqual([]);
  });
});
