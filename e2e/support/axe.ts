import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';

// axe-core is the repository's one copy (the unit tests use it too), read from the root.
const axePath = createRequire(path.resolve(import.meta.dirname, '..', '..', 'package.json')).resolve(
  'axe-core/axe.min.js',
);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Runs axe on the whole page and answers its violations as readable lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Once per document: a page judged again (a dialog opened over it) keeps the axe it has.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document) => Promise<{ violations: unknown[] }> } }
    ).axe;
    return (await axe.run(document)).violations;
  });
  return (violations as AxeViolation[]).map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
        .map((node) => JSON.stringify(node.target))
        .join(', ')}`,
  );
}
