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

/** A time (ms) as an HTTP date (`Last-Modified`), in whole seconds. */
export const httpDate = (time: number) => new Date(time).toUTCString();

/**
 * Whether a request's `If-Modified-Since` names an answer whose content has been the same since
 * `since` (ms), so a 304 can stand for it (RFC 9110, 13.1.3). It is ignored, as the RFC asks, when
 * the request also has `If-None-Match` (the tag decides), when it is not one valid date, and when
 * the date is later than `now` (no answer was sent with it).
 */
export function unmodifiedSince(
  headers: { 'if-none-match'?: string | string[] | undefined; 'if-modified-since'?: string | undefined },
  since: number,
  now: number = Date.now(),
): boolean {
  const value = headers['if-modified-since'];
  if (!value || headers['if-none-match'] !== undefined) return false;
  const date = Date.parse(value);
  if (Number.isNaN(date) || date > now) return false;
  return date >= since;
}
