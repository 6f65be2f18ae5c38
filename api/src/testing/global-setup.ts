// Runs once before the API suite: migrates one database and leaves it as the template every test
// file copies (createTestApp), instead of each of the suite's files building and migrating its own.
// PGlite: an in-memory database migrated here and dumped to a tar file that each file opens
// (skips initdb and the twelve migrations). PostgreSQL (DATABASE_URL): a migrated database each
// file's database is created from with `CREATE DATABASE ... TEMPLATE`.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../db/client';
import { adminQuery } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite dump (a file path), or '' when the suite runs on PostgreSQL. */
    pgliteTemplate: string;
    /** The migrated template database on the DATABASE_URL server, or ''. */
    databaseTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `api_test_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const connection = await openDatabase({ url: url.toString() });
    try {
      await connection.migrate();
    } finally {
      await connection.close();
    }
    project.provide('pgliteTemplate', '');
    project.provide('databaseTemplate', name);
    return async () => {
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    };
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'api-test-template-'));
  const file = path.join(folder, 'migrated.tar');
  const connection = await openDatabase({ dataDir: 'memory' });
  try {
    await connection.migrate();
    await writeFile(file, Buffer.from(await (await dumpPglite(connection)).arrayBuffer()));
  } finally {
    await connection.close();
  }
  project.provide('pgliteTemplate', file);
  project.provide('databaseTemplate', '');
  return async () => {
    await rm(folder, { recursive: true, force: true });
  };
}
