import { TELEMETRY_SAMPLE_DEFAULT } from 'contracts/telemetry';
import { afterEach, describe, expect, it } from 'vitest';
import { pageSampleRate, SAMPLE_META_NAME, TAB_SESSION_KEY, tabSession } from './tab-session';

function pageWithRate(content: string | null): Document {
  document.head.querySelector(`meta[name="${SAMPLE_META_NAME}"]`)?.remove();
  if (content !== null) {
    const meta = document.createElement('meta');
    meta.name = SAMPLE_META_NAME;
    meta.content = content;
    document.head.append(meta);
  }
  return document;
}

afterEach(() => {
  pageWithRate(null);
  sessionStorage.clear();
});

describe('the page’s sample rate', () => {
  it('is what the server wrote in the page', () => {
    expect(pageSampleRate(pageWithRate('0.25'))).toBe(0.25);
    expect(pageSampleRate(pageWithRate('0'))).toBe(0);
    expect(pageSampleRate(pageWithRate(' 1 '))).toBe(1);
  });

  it.each([null, '', 'a quarter', '1.5', '-0.1', 'NaN'])('is the default when the tag says %j', (content) => {
    expect(pageSampleRate(pageWithRate(content))).toBe(TELEMETRY_SAMPLE_DEFAULT);
  });
});

describe('the tab’s session', () => {
  it('keeps its id and its decision across reloads of the tab', () => {
    const first = tabSession(0.5, sessionStorage, () => 0.1);
    expect(first.reporting).toBe(true);
    expect(first.id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    // A reload: another draw, even another rate, changes nothing in this tab.
    expect(tabSession(0, sessionStorage, () => 0.9)).toEqual(first);
  });

  it('reports at the rate: a draw under it reports, one at or over it does not', () => {
    expect(tabSession(0.25, null, () => 0.2).reporting).toBe(true);
    expect(tabSession(0.25, null, () => 0.25).reporting).toBe(false);
    expect(tabSession(0, null, () => 0).reporting).toBe(false);
    expect(tabSession(1, null, () => 0.999).reporting).toBe(true);
  });

  it('gives each tab its own id', () => {
    expect(tabSession(1, null).id).not.toBe(tabSession(1, null).id);
  });

  it('decides again when what the tab kept is not a session', () => {
    sessionStorage.setItem(TAB_SESSION_KEY, '{"id":"no spaces allowed","reporting":true}');
    const session = tabSession(0, sessionStorage);
    expect(session.reporting).toBe(false);
    expect(JSON.parse(sessionStorage.getItem(TAB_SESSION_KEY) ?? '')).toEqual(session);
  });
});
