import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './list';

const require = createRequire(import.meta.url);

describe('the common-password list', () => {
  it('is the first 10,000 of the ranked list it names, lower-cased, in rank order', () => {
    const { dictionary } = require('@zxcvbn-ts/language-common') as {
      dictionary: Record<'passwords-common', string[]>;
    };
    const ranked = dictionary['passwords-common'].slice(0, 10_000).map((p) => p.toLowerCase());
    expect(COMMON_PASSWORDS.split('\n')).toEqual([...new Set(ranked)]);
    expect(COMMON_PASSWORDS.split('\n')).toHaveLength(10_000);
  });
});
