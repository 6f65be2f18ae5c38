/**
 * Conditional GETs (RFC 9110, 13.1.2): whether a request's `If-None-Match` names the answer's
 * current ETag, so a 304 with no body can stand for it. The comparison is weak, as the RFC asks
 * for this header: `W/"x"` and `"x"` match each other, and `*` matches any answer.
 */
export function notModified(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const current = opaque(etag);
  return (Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch)
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || (tag !== '' && opaque(tag) === current));
}

/** An entity tag without its weakness mark. */
const opaque = (tag: string) => tag.replace(/^W\//, '');
