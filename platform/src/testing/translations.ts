import { expect } from 'vitest';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, nested]) => keys(nested, prefix ? `${prefix}.${key}` : key));
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

const lookup = (tree: unknown, path: string) =>
  path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree);

/** ru and en have the same keys, every text is filled in and both use the same placeholders. */
export function expectCompleteTranslations(ru: unknown, en: unknown) {
  expect(keys(en).sort()).toEqual(keys(ru).sort());
  for (const path of keys(ru)) {
    const ruText = lookup(ru, path);
    const enText = lookup(en, path);
    expect(typeof ruText === 'string' && ruText.trim() !== '', path).toBe(true);
    expect(typeof enText === 'string' && enText.trim() !== '', path).toBe(true);
    expect(placeholders(enText as string), path).toEqual(placeholders(ruText as string));
  }
}
