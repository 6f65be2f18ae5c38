import { afterEach, describe, expect, it } from 'vitest';
import { shortcutOf } from './use-review-shortcuts';

function press(init: KeyboardEventInit, target: HTMLElement = document.body) {
  const event = new KeyboardEvent('keydown', { bubbles: true, ...init });
  Object.defineProperty(event, 'target', { value: target });
  return shortcutOf(event);
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('review shortcuts', () => {
  it('reads keys by their place, so a Russian layout works too', () => {
    expect(press({ key: 'a', code: 'KeyA' })).toBe('approve');
    expect(press({ key: 'ф', code: 'KeyA' })).toBe('approve');
    expect(press({ key: 'к', code: 'KeyR' })).toBe('reject');
    expect(press({ key: 'n', code: 'KeyN' })).toBe('next');
    expect(press({ key: 'j', code: 'KeyJ' })).toBe('next');
    expect(press({ key: '?', code: 'Slash', shiftKey: true })).toBe('help');
  });

  it('ignores keys with a modifier, typed into a field, or pressed while a dialog is open', () => {
    expect(press({ key: 'a', code: 'KeyA', ctrlKey: true })).toBeNull();
    expect(press({ key: 'A', code: 'KeyA', shiftKey: true })).toBeNull();
    const input = document.createElement('input');
    expect(press({ key: 'a', code: 'KeyA' }, input)).toBeNull();
    expect(press({ key: 'a', code: 'KeyA' }, document.createElement('textarea'))).toBeNull();
    const radio = document.createElement('input');
    radio.type = 'radio';
    expect(press({ key: 'a', code: 'KeyA' }, radio)).toBe('approve');
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    document.body.append(dialog);
    expect(press({ key: 'a', code: 'KeyA' })).toBeNull();
  });
});
