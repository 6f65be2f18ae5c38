// biome.json is generated (scripts/biome-config.mjs states each import rule once); an edit made to
// the JSON by hand, or to the script without writing the JSON again, fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { biomeConfig } from '../scripts/biome-config.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('biome.json', () => {
  it('is what scripts/biome-config.mjs writes (run `node scripts/biome-config.mjs` after changing a rule)', () => {
    const committed = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8'));
    expect(committed).toEqual(biomeConfig());
  });
});
