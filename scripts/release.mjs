#!/usr/bin/env node
// The remote registry from a deploy pipeline (issue 30): what the releases screen does, over the
// API's /api/releases*, authenticated by RELEASE_TOKEN (the server's; RELEASE_API names the site,
// http://localhost:8080 by default).
//
//   pnpm release:status mfe-catalog
//   pnpm release:publish mfe-catalog 1.4.0+3f9a1c2b7d10 --entry /mfe/catalog/1.4.0+3f9a1c2b7d10/mf-manifest.json --routes /,/model/:id
//   pnpm release:canary mfe-catalog 1.4.0+3f9a1c2b7d10 10 "new cards"
//   pnpm release:promote mfe-catalog 1.4.0+3f9a1c2b7d10 "canary clean for a day"
//   pnpm release:rollback mfe-catalog "errors up"
//
// A remote is named by its package (mfe-catalog) or its federation name (mfe_catalog). Exits 0 with
// the remote's channels printed as JSON, 1 with the server's (translated) reason, 2 on bad usage.
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const USAGE = `usage:
  release status <remote>
  release publish <remote> <version> --entry <url> [--ssr <url> --integrity <sha384-…>] [--routes /a,/b/:id]
  release canary <remote> <version> <percent> <reason>
  release promote <remote> <version> <reason>
  release rollback <remote> <reason>`;

class UsageError extends Error {}

/** mfe-catalog and mfe_catalog both name the federation remote mfe_catalog. */
export const remoteName = (value) => {
  if (!value || !/^[a-z][a-z0-9_-]{1,39}$/.test(value))
    throw new UsageError(`not a remote name: ${value ?? ''}`);
  return value.replaceAll('-', '_');
};

function option(args, name) {
  const at = args.indexOf(`--${name}`);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (!value || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
  return value;
}

/** The request a command makes: method, path and body. */
export function requestFor(argv) {
  const [command, remoteArg, ...rest] = argv;
  const remote = remoteName(remoteArg);
  const path = `/api/releases/${remote}`;
  switch (command) {
    case 'status':
      return { method: 'GET', path };
    case 'publish': {
      const [version] = rest;
      const entry = option(rest, 'entry');
      if (!version || !entry) throw new UsageError('publish needs a version and --entry');
      const ssr = option(rest, 'ssr');
      const integrity = option(rest, 'integrity');
      const routes = (option(rest, 'routes') ?? '').split(',').filter(Boolean);
      return {
        method: 'POST',
        path: '/api/releases',
        body: {
          remote,
          version,
          entry,
          routes,
          ...(ssr ? { ssr } : {}),
          ...(integrity ? { integrity } : {}),
        },
      };
    }
    case 'canary': {
      const [version, percent, ...reason] = rest;
      if (!version || percent === undefined || !/^\d+$/.test(percent)) {
        throw new UsageError('canary needs a version and a whole percent');
      }
      return {
        method: 'POST',
        path,
        body: { action: 'canary', version, percent: Number(percent), reason: reason.join(' ') },
      };
    }
    case 'promote': {
      const [version, ...reason] = rest;
      if (!version) throw new UsageError('promote needs a version');
      return { method: 'POST', path, body: { action: 'promote', version, reason: reason.join(' ') } };
    }
    case 'rollback':
      return { method: 'POST', path, body: { action: 'rollback', reason: rest.join(' ') } };
    default:
      throw new UsageError(`unknown command: ${command ?? ''}`);
  }
}

/** The contracts' text of a message key the API names a field by (`validation.reasonTooShort`). */
function fieldText(key, lang) {
  const locale = lang === 'ru' ? 'ru' : 'en';
  const file = fileURLToPath(new URL(`../contracts/src/locales/${locale}.json`, import.meta.url));
  const texts = JSON.parse(readFileSync(file, 'utf8'));
  const text = String(key)
    .split('.')
    .reduce((node, part) => (node && typeof node === 'object' ? node[part] : undefined), texts);
  return typeof text === 'string' ? text : key;
}

/** Runs a command against the API; answers the exit code. */
export async function main(argv, env = process.env, out = console) {
  let request;
  try {
    request = requestFor(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    out.error(`${error.message}\n${USAGE}`);
    return 2;
  }
  if (!env.RELEASE_TOKEN) {
    out.error('RELEASE_TOKEN is not set: the server refuses pipelines without it');
    return 2;
  }
  const base = (env.RELEASE_API || 'http://localhost:8080').replace(/\/+$/, '');
  let response;
  try {
    response = await fetch(base + request.path, {
      method: request.method,
      headers: {
        authorization: `Bearer ${env.RELEASE_TOKEN}`,
        // The server's messages in the pipeline's language (Russian by default).
        'accept-language': env.RELEASE_LANG || 'en',
        ...(request.body ? { 'content-type': 'application/json' } : {}),
      },
      body: request.body ? JSON.stringify(request.body) : undefined,
    });
  } catch (error) {
    out.error(`the API at ${base} did not answer: ${error.cause?.code ?? error.message}`);
    return 1;
  }
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  if (!response.ok) {
    const lang = env.RELEASE_LANG || 'en';
    const fields = Object.entries(body?.fields ?? {}).map(
      ([field, key]) => `\n  ${field}: ${fieldText(key, lang)}`,
    );
    out.error(`${response.status} ${body?.code ?? ''}: ${body?.message ?? text}${fields.join('')}`);
    return 1;
  }
  out.log(JSON.stringify(body, null, 2));
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
