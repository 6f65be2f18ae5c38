// The container layout (Dockerfile, compose.yaml, deploy/), checked here without Docker: this
// machine cannot pull images. What can be known from the files is: the image builds with the
// commands `npm start` and `npm test` run, it runs the bundle as deployed by a user that is not
// root, and the API's environment in compose is one the server starts with in production and that
// points every instance at the same shared services.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseYaml } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { readServerConfig } from './config';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

// ---------------------------------------------------------------------------------------------
// Dockerfile
// ---------------------------------------------------------------------------------------------

interface Instruction {
  keyword: string;
  args: string;
}

interface Stage {
  from: string;
  name: string | undefined;
  instructions: Instruction[];
}

/** The Dockerfile's stages and instructions (continuation lines joined, comments left out). */
function dockerStages(text: string): { args: Map<string, string>; stages: Stage[] } {
  const lines = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const args = new Map<string, string>();
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') {
      const [image = '', , name] = rest.split(/\s+/);
      const resolved = image.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a, b) => args.get(a ?? b) ?? '');
      stages.push({ from: resolved, name, instructions: [] });
    } else if (upper === 'ARG' && stages.length === 0) {
      const [name = '', value = ''] = rest.split('=');
      args.set(name, value);
    } else {
      stages.at(-1)?.instructions.push({ keyword: upper, args: rest.replace(/\s+/g, ' ') });
    }
  }
  return { args, stages };
}

/** `["node", "x"]` or `node x`: the words of a CMD, ENTRYPOINT or RUN. */
function words(args: string): string[] {
  return args.startsWith('[') ? (JSON.parse(args) as string[]) : args.split(/\s+/);
}

const dockerfile = dockerStages(read('Dockerfile'));
const buildStage = dockerfile.stages[0] as Stage;
const runtimeStage = dockerfile.stages.at(-1) as Stage;
const runs = (stage: Stage) => stage.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);
const copies = (stage: Stage) =>
  stage.instructions
    .filter((i) => i.keyword === 'COPY')
    .map((i) => words(i.args).filter((w) => !w.startsWith('--')));

const libText = read('scripts/lib.mjs');
const manifest = JSON.parse(read('package.json')) as {
  packageManager: string;
  scripts: Record<string, string>;
};

describe('the Dockerfile', () => {
  it('has a build stage and a runtime stage on the Node major version the tests run on', () => {
    expect(dockerfile.stages.length).toBeGreaterThanOrEqual(2);
    const major = process.versions.node.split('.')[0];
    for (const stage of dockerfile.stages) {
      // Debian's glibc: sharp, argon2 and ffmpeg install as prebuilt binaries (not for musl).
      expect(stage.from).toMatch(new RegExp(`^node:${major}(\\.[\\d.]+)?-(bookworm|bullseye|trixie)`));
    }
  });

  it('builds with the commands the scripts run: the pinned pnpm, a frozen install, scripts/build.mjs', () => {
    const pnpmVersion = /PNPM_VERSION = '([^']+)'/.exec(libText)?.[1];
    expect(pnpmVersion).toBeDefined();
    expect(manifest.packageManager).toBe(`pnpm@${pnpmVersion}`);
    const build = runs(buildStage);
    expect(build.some((command) => command.includes(`pnpm@${pnpmVersion}`))).toBe(true);

    // installDependencies() in scripts/lib.mjs: the same arguments (its reporter is only output).
    const installArgs = /run\(pnpm, \[([^\]]+)\]/
      .exec(libText)?.[1]
      ?.split(',')
      .map((arg) => arg.trim().replace(/^'|'$/g, ''))
      .filter((arg) => arg && !arg.startsWith('--reporter'));
    expect(installArgs).toContain('--frozen-lockfile');
    const install = build.find((command) => /pnpm install(?!.*--prod)/.test(command));
    expect(install, 'a full pnpm install').toBeDefined();
    for (const arg of installArgs ?? []) expect(install?.split(/\s+/)).toContain(arg);

    // `npm run build`, which npm test's build step also runs (buildAll, then buildApi).
    expect(manifest.scripts.build).toBe('node scripts/build.mjs');
    expect(build).toContain('node scripts/build.mjs');
    const buildScript = read('scripts/build.mjs');
    expect(buildScript).toContain('buildAll()');
    expect(buildScript).toContain('.then(buildApi)');
    // Installed before it is built, and the production-only install after the build.
    const order = (pattern: RegExp) => build.findIndex((command) => pattern.test(command));
    expect(order(/pnpm install --frozen-lockfile --prefer-offline/)).toBeLessThan(
      order(/scripts\/build\.mjs/),
    );
    expect(order(/scripts\/build\.mjs/)).toBeLessThan(order(/pnpm install .*--prod/));
  });

  it('runs node api/dist/server.js, in production, as a user that is not root, with nothing to build with', () => {
    const cmd = runtimeStage.instructions.filter((i) => i.keyword === 'CMD').at(-1);
    expect(cmd).toBeDefined();
    const command = words(cmd?.args ?? '');
    expect(command[0]).toBe('node');
    expect(command.at(-1)).toBe('api/dist/server.js');
    expect(command.slice(1, -1).every((flag) => flag.startsWith('--'))).toBe(true);
    expect(runtimeStage.instructions.some((i) => i.keyword === 'ENTRYPOINT')).toBe(false);

    const user = runtimeStage.instructions.filter((i) => i.keyword === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(['root', '0', '0:0', 'root:root']).not.toContain(user);
    // The user is set after the last command that runs as root.
    const lastUser = runtimeStage.instructions.findLastIndex((i) => i.keyword === 'USER');
    const lastRun = runtimeStage.instructions.findLastIndex((i) => i.keyword === 'RUN');
    expect(lastUser).toBeGreaterThan(lastRun);

    const env = runtimeStage.instructions
      .filter((i) => i.keyword === 'ENV')
      .map((i) => i.args)
      .join(' ');
    expect(env).toMatch(/NODE_ENV=production\b/);
    expect(runs(runtimeStage).join(' ')).not.toMatch(/pnpm|npm install|build\.mjs/);
  });

  it('copies what the server reads: the bundle, migrations, production packages and every built app', () => {
    const copied = copies(runtimeStage).map((args) => args.at(-1)?.replace(/^\.\//, '').replace(/\/$/, ''));
    // The repository root is /app: the bundle finds STATIC_ROOT, api/drizzle and the apps from it.
    const workdir = runtimeStage.instructions.filter((i) => i.keyword === 'WORKDIR').at(-1)?.args;
    expect(workdir).toBe('/app');
    const needed = [
      'api/dist',
      'api/drizzle',
      'api/node_modules',
      'api/package.json',
      'node_modules',
      'shell/dist-server',
    ];
    const apps = [...libText.matchAll(/^ {2}'([\w-]+)',$/gm)].map((match) => match[1]);
    expect(apps).toContain('shell');
    for (const file of [...needed, ...apps.map((app) => `${app}/dist`)]) expect(copied).toContain(file);
    // Copied from the build stage, never from the build context (the host's node_modules).
    for (const args of copies(runtimeStage)) expect(args.length).toBe(2);
    const fromBuild = runtimeStage.instructions.filter((i) => i.keyword === 'COPY');
    for (const copy of fromBuild) expect(copy.args).toContain(`--from=${buildStage.name}`);
  });

  it('is built from the sources alone: .dockerignore leaves out installs, builds, data and secrets', () => {
    const ignored = read('.dockerignore')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'));
    for (const entry of ['**/node_modules', '**/dist', '**/dist-server', '.data', '.env', '.git', '.tools']) {
      expect(ignored).toContain(entry);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// compose.yaml
// ---------------------------------------------------------------------------------------------

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string | number | boolean | null>;
  ports?: string[];
  volumes?: string[];
  networks?: Record<string, { ipv4_address?: string } | null>;
}

/** deploy/env.example: the values an operator fills in (compose reads them from .env). */
const envExample = Object.fromEntries(
  read('deploy/env.example')
    .split(/\r?\n/)
    .filter((line) => /^\w+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);

/** Compose's interpolation: `${NAME}`, `${NAME:-default}`, `${NAME:?message}` and `$$`. */
function interpolate(text: string, env: Record<string, string>, required: Set<string>): string {
  return text.replace(/\$\$|\$\{(\w+)(?:(:?[-?])([^}]*))?\}/g, (match, name, operator, word) => {
    if (match === '$$') return '$';
    const value = env[name];
    if (operator?.endsWith('?')) {
      required.add(name);
      if (!value) throw new Error(`${name} is required: ${word}`);
      return value;
    }
    if (operator?.endsWith('-')) return value || word;
    return value ?? '';
  });
}

const requiredByCompose = new Set<string>();
const compose = parseYaml(interpolate(read('compose.yaml'), envExample, requiredByCompose)) as {
  services: Record<string, ComposeService>;
};
const services = compose.services;
const apiNames = Object.keys(services).filter((name) => services[name]?.build !== undefined);
const apiEnv = (name: string) =>
  Object.fromEntries(
    Object.entries(services[name]?.environment ?? {}).map(([key, value]) => [key, String(value ?? '')]),
  );

/** The services that run an image whose name starts with one of `images`. */
const servicesOf = (...images: string[]) =>
  Object.keys(services).filter((name) => images.some((image) => services[name]?.image?.startsWith(image)));

describe('compose.yaml', () => {
  it('runs PostgreSQL, Redis, MinIO, LiveKit and two API instances of this image behind a balancer', () => {
    expect(servicesOf('postgres')).toHaveLength(1);
    expect(servicesOf('redis')).toHaveLength(1);
    expect(servicesOf('minio/minio')).toHaveLength(1);
    expect(servicesOf('livekit/livekit-server')).toHaveLength(1);
    expect(apiNames.length).toBeGreaterThanOrEqual(2);
    for (const name of apiNames) {
      expect(services[name]?.build).toBe('.');
      // Reached only through the balancer.
      expect(services[name]?.ports).toBeUndefined();
    }

    // The balancer's configuration is checked in under deploy/ and names every instance, with
    // readiness as its health check.
    const [balancer] = servicesOf('caddy');
    expect(balancer).toBeDefined();
    const mounted = (services[balancer as string]?.volumes ?? []).map(
      (volume) => volume.split(':')[0] as string,
    );
    const config = mounted.find((source) => source.startsWith('./deploy/'));
    expect(config).toBeDefined();
    const caddyfile = read(config as string);
    for (const name of apiNames) expect(caddyfile).toContain(`${name}:8080`);
    expect(caddyfile).toMatch(/health_uri \/api\/ready\b/);
    expect(caddyfile).toMatch(/header_up X-Request-Id /);
    expect(caddyfile).toMatch(/respond \/metrics 404/);
    // Fails open: with no instance ready (Redis down for all), every instance still serves.
    expect(caddyfile).toMatch(/handle_errors 502 503 \{\s*reverse_proxy /);
    // Round robin: the state is shared, so no instance is sticky (the embedded SFU would need it).
    expect(caddyfile).toMatch(/lb_policy round_robin/);
    for (const source of mounted.filter((s) => s.startsWith('./')))
      expect(existsSync(path.join(root, source))).toBe(true);
  });

  it('gives every instance the same environment, one the server starts with in production', () => {
    const env = apiEnv(apiNames[0] as string);
    for (const name of apiNames) expect(apiEnv(name)).toEqual(env);
    // NODE_ENV is the image's (production); compose does not turn demo data or test hooks on.
    expect(env.NODE_ENV).toBeUndefined();
    const config = readServerConfig(env);
    expect(config.production).toBe(true);
    expect(config.publicUrl).toMatch(/^https:\/\//);
    expect(config.authSecret).toBeDefined();
    expect(config.smtpUrl).toBeDefined();
    expect(config.mediaS3?.bucket).toBeTruthy();
    expect(config.streamMedia.livekit?.url).toMatch(/^wss:\/\//);
    expect(config.payments.provider).not.toBe('sandbox');
    expect(config.paymentsTestDelay).toBeUndefined();
  });

  it('sets every variable the production server refuses to start without', () => {
    const env = apiEnv(apiNames[0] as string);
    // What readServerConfig itself requires: the variables without which the same environment throws.
    const required = Object.keys(env).filter((name) => {
      const { [name]: _, ...without } = env;
      try {
        readServerConfig(without);
        return false;
      } catch {
        return true;
      }
    });
    expect(required).toEqual(expect.arrayContaining(['PUBLIC_URL', 'SMTP_URL']));
    for (const name of ['PUBLIC_URL', 'SMTP_URL']) {
      const { [name]: _, ...without } = env;
      expect(() => readServerConfig(without)).toThrow(name);
    }
    // The operator's own values come from .env, and compose refuses to start without them.
    for (const name of ['SITE_DOMAIN', 'SMTP_URL', 'AUTH_SECRET', 'POSTGRES_PASSWORD']) {
      expect(requiredByCompose).toContain(name);
    }
    for (const name of requiredByCompose) expect(Object.keys(envExample)).toContain(name);
  });

  it('points every instance at the shared services: one database, Redis, bucket and LiveKit', () => {
    const env = apiEnv(apiNames[0] as string);
    const host = (url: string | undefined) => (url ? new URL(url).hostname : undefined);
    const [postgres] = servicesOf('postgres');
    const [redis] = servicesOf('redis');
    const [minio] = servicesOf('minio/minio');
    const [livekit] = servicesOf('livekit/livekit-server');

    // Not an embedded PGlite per instance.
    const database = new URL(env.DATABASE_URL as string);
    expect(database.hostname).toBe(postgres);
    const pgEnv = services[postgres as string]?.environment ?? {};
    expect(decodeURIComponent(database.username)).toBe(pgEnv.POSTGRES_USER);
    expect(decodeURIComponent(database.password)).toBe(pgEnv.POSTGRES_PASSWORD);
    expect(database.pathname).toBe(`/${pgEnv.POSTGRES_DB}`);

    expect(host(env.REDIS_URL)).toBe(redis);
    expect(host(env.S3_ENDPOINT)).toBe(minio);
    const minioEnv = services[minio as string]?.environment ?? {};
    expect(env.S3_ACCESS_KEY_ID).toBe(minioEnv.MINIO_ROOT_USER);
    expect(env.S3_SECRET_ACCESS_KEY).toBe(minioEnv.MINIO_ROOT_PASSWORD);
    expect(host(env.LIVEKIT_API_URL)).toBe(livekit);
    const keys = String(services[livekit as string]?.environment?.LIVEKIT_KEYS ?? '');
    expect(keys).toBe(`${env.LIVEKIT_API_KEY}: ${env.LIVEKIT_API_SECRET}`);
    // LiveKit refuses a secret shorter than 32 characters.
    expect((env.LIVEKIT_API_SECRET ?? '').length).toBeGreaterThanOrEqual(32);

    // Client addresses are believed from the balancer alone.
    const [balancer] = servicesOf('caddy');
    const addresses = Object.values(services[balancer as string]?.networks ?? {}).map((n) => n?.ipv4_address);
    expect(addresses).toContain(env.TRUST_PROXY);
  });
});

// ---------------------------------------------------------------------------------------------
// docs/production.md
// ---------------------------------------------------------------------------------------------

describe('docs/production.md', () => {
  it('documents every variable the server reads (config.ts, server.ts, the modules settings)', () => {
    const modules = path.join(root, 'api', 'src', 'modules');
    const sources = [
      'api/src/config.ts',
      'api/src/server.ts',
      ...readdirSync(modules)
        .map((module) => `api/src/modules/${module}/settings.ts`)
        .filter((file) => existsSync(path.join(root, file))),
    ];
    const variables = new Set<string>();
    for (const file of sources) {
      const text = read(file);
      // `env.NAME`, and the names listed for a check (`['S3_ENDPOINT', ...]`).
      for (const match of text.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)) variables.add(match[1] as string);
      for (const match of text.matchAll(/'([A-Z][A-Z0-9]*_[A-Z0-9_]+)'/g)) variables.add(match[1] as string);
    }
    expect(variables).toContain('PUBLIC_URL');
    expect(variables).toContain('S3_ENDPOINT');
    const docs = read('docs/production.md');
    const missing = [...variables].filter((name) => !docs.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
