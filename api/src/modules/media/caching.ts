/**
 * A public file's bytes never change (a key is never reused), but whether it is public does: a
 * block, a rejection, a deletion. Browsers and CDNs keep it five minutes, then ask again with its
 * ETag: a 304 while it is still public, a 404 (`no-store`) once it is not. A CDN can drop it at
 * once by its tag (`profile-<id>`, see README "Uploaded media").
 */
export const PUBLIC_MEDIA_CACHE = 'public, max-age=300, must-revalidate';

/** The validator of a stored file: its key, which names one content for good. */
export const mediaEtag = (key: string) => `"${key.replace('/', '-')}"`;
