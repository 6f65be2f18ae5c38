import { describe, expect, it } from 'vitest';
import en from './en.json';
import ru from './ru.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, nested]) => keys(nested, prefix ? `${prefix}.${key}` : key));
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('auth translations', () => {
  it('ru and en have the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(ru).sort());
  });

  it('every text is filled in and uses the same placeholders in both languages', () => {
    const lookup = (tree: unknown, path: string) =>
      path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree);
    for (const path of keys(ru)) {
      const ruText = lookup(ru, path);
      const enText = lookup(en, path);
      expect(typeof ruText === 'string' && ruText.trim() !== '', path).toBe(true);
      expect(typeof enText === 'string' && enText.trim() !== '', path).toBe(true);
      expect(placeholders(enText as string), path).toEqual(placeholders(ruText as string));
    }
  });
});
