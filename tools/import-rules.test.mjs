// The federation rule "a remote never imports another app's source" and the layering inside each
// app (app -> features -> components/lib, no feature reaching into another) are enforced by lint;
// this proves the lint rules themselves bite, so a later config edit cannot silently switch them off.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const biome = path.join(root, 'node_modules', '.bin', 'biome');

/** Lints a probe file placed where the real one would live, then removes it. */
function lint(filePath, source) {
  const probe = path.join(root, filePath.replace(/\.ts$/, `.probe-${randomUUID().slice(0, 8)}.ts`));
  mkdirSync(path.dirname(probe), { recursive: true });
  writeFileSync(probe, source);
  try {
    const result = spawnSync(biome, ['lint', '--only=style/noRestrictedImports', probe], {
      cwd: root,
      encoding: 'utf8',
    });
    return { failed: result.status !== 0, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(probe);
  }
}

describe('import rules', () => {
  it.each([
    ['mfe-catalog/src/x.ts', "import { Header } from '../../shell/src/components/header';"],
    ['mfe-catalog/src/x.ts', "import routes from 'mfe-auth/src/app/routes';"],
    [
      'mfe-auth/src/app/x.ts',
      "import { ModelCard } from '../../../mfe-catalog/src/features/listing/components/model-card';",
    ],
    ['shell/src/x.ts', "import CatalogRoutes from '../../mfe-catalog/src/app/routes';"],
    ['shared-ui/src/x.ts', "import { api } from 'platform';"],
    ['shared-ui/src/x.ts', "import { Link } from 'react-router-dom';"],
    ['platform/src/x.ts', "import { Button } from 'shared-ui';"],
    ['api/src/x.ts', "import { api } from 'platform';"],
    // Inside an app: one feature does not import another feature's internals...
    ['mfe-catalog/src/features/a/x.ts', "import { thing } from '../b/thing';"],
    ['mfe-catalog/src/features/a/components/x.ts', "import { getModel } from '../../b/api/get-model';"],
    ['mfe-auth/src/features/a/components/deep/x.ts', "import { thing } from '../../../b/thing';"],
    ['shell/src/features/a/x.ts', "import { thing } from '../b/thing';"],
    // ...nor app code...
    ['mfe-catalog/src/features/a/components/x.ts', "import routes from '../../../app/routes';"],
    ['shell/src/features/a/x.ts', "import { Layout } from '../../app/layout';"],
    // ...and components/lib import neither features nor app.
    [
      'mfe-catalog/src/components/x.ts',
      "import { ListingPage } from '../features/listing/components/listing-page';",
    ],
    ['mfe-auth/src/lib/x.ts', "import routes from '../app/routes';"],
    ['shell/src/hooks/x.ts', "import { thing } from '../features/a/thing';"],
    ['shell/src/components/x.ts', "import { Header } from '../app/header';"],
    // The federation rule still holds in files the layering rules cover.
    ['mfe-catalog/src/features/a/x.ts', "import { Header } from '../../../../shell/src/app/header';"],
    ['shell/src/components/x.ts', "import routes from '../../../mfe-auth/src/app/routes';"],
    // account-ui is built into remotes: it imports no app, and the layers below it do not import it.
    ['account-ui/src/x.ts', "import routes from '../../mfe-model-cabinet/src/app/routes';"],
    ['shared-ui/src/x.ts', "import { notify } from 'account-ui';"],
    // account-ui's features keep apart like an app's, and every app's shared api/ imports no feature.
    [
      'account-ui/src/features/a/components/x.ts',
      "import { TopUpDialog } from '../../b/components/top-up-dialog';",
    ],
    ['account-ui/src/components/x.ts', "import { thing } from '../features/a/thing';"],
    ['mfe-admin/src/api/x.ts', "import { thing } from '../features/a/api/thing';"],
    ['account-ui/src/features/a/x.ts', "import routes from '../../../../mfe-admin/src/app/routes';"],
    ['platform/src/x.ts', "import { useBalance } from 'account-ui';"],
  ])('rejects %s importing: %s', (file, source) => {
    const result = lint(file, `${source}\nexport const used = 1;\n`);
    expect(result.failed, result.output).toBe(true);
    expect(result.output).toContain('noRestrictedImports');
  });

  it.each([
    ['mfe-catalog/src/x.ts', "import { api } from 'platform';"],
    ['mfe-catalog/src/x.ts', "import { Button } from 'shared-ui';"],
    ['shell/src/x.ts', "import { CATEGORIES } from 'contracts';"],
    ['api/src/x.ts', "import { CATEGORIES } from 'contracts';"],
    ['mfe-catalog/src/features/a/x.ts', "import { thing } from './thing';"],
    ['mfe-catalog/src/features/a/components/x.ts', "import { getModels } from '../api/get-models';"],
    [
      'mfe-catalog/src/features/a/components/x.ts',
      "import { ModelCard } from '../../../components/model-card';",
    ],
    ['mfe-auth/src/features/a/components/x.ts', "import { notify } from '../../../lib/notify';"],
    ['shell/src/features/a/x.ts', "import { useIsMobile } from '../../hooks/use-is-mobile';"],
    [
      'mfe-catalog/src/app/x.ts',
      "import { ListingPage } from '../features/listing/components/listing-page';",
    ],
    ['mfe-catalog/src/components/x.ts', "import { cx } from '../lib/cx';"],
    ['mfe-advertiser-office/src/app/x.ts', "import { useBalance } from 'account-ui';"],
    ['account-ui/src/x.ts', "import { api } from 'platform';"],
    ['account-ui/src/features/a/components/x.ts', "import { useBalance } from '../../../lib/balance';"],
    ['mfe-admin/src/features/a/api/x.ts', "import { recordsKeys } from '../../../api/records-keys';"],
  ])('allows %s importing: %s', (file, source) => {
    const result = lint(file, `${source}\nexport const used = 1;\n`);
    expect(result.failed, result.output).toBe(false);
  });
});
