import { describe, expect, it } from 'vitest';
import { notModified } from '../../lib/conditional';
import { mediaEtag } from './caching';

describe('revalidating a public file', () => {
  it('matches the ETag of its key, in a list, weak or as *, and nothing else', () => {
    const etag = mediaEtag('AbCdEfGhIjKlMnOpQrStUv/w640.webp');
    expect(etag).toBe('"AbCdEfGhIjKlMnOpQrStUv-w640.webp"');
    expect(notModified(etag, etag)).toBe(true);
    expect(notModified(`"other", W/${etag}`, etag)).toBe(true);
    expect(notModified('*', etag)).toBe(true);
    expect(notModified('"other"', etag)).toBe(false);
    expect(notModified(undefined, etag)).toBe(false);
    expect(notModified('', etag)).toBe(false);
  });
});
