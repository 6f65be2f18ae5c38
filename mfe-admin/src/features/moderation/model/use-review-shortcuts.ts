import { useEffect, useRef } from 'react';

export interface ReviewShortcutHandlers {
  approve: () => void;
  reject: () => void;
  next: () => void;
  help: () => void;
}

/** Keys by their place on the keyboard (`event.code`), so they work on a Russian layout too. */
const BY_CODE: Record<string, keyof ReviewShortcutHandlers> = {
  KeyA: 'approve',
  KeyR: 'reject',
  KeyN: 'next',
  KeyJ: 'next',
};

/** Whether the key goes to something the user types into. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
}

/** The shortcut a key press means, or null (typing, a modifier held, a dialog open). */
export function shortcutOf(event: KeyboardEvent): keyof ReviewShortcutHandlers | null {
  if (event.defaultPrevented || event.repeat) return null;
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTyping(event.target)) return null;
  if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return null;
  if (event.key === '?' || (event.code === 'Slash' && event.shiftKey)) return 'help';
  if (event.shiftKey) return null;
  return BY_CODE[event.code] ?? null;
}

/**
 * A / R / N (or J) / ? on a review screen: approve, reject, next item, the list of shortcuts.
 * Never while typing in a field or while a dialog is open.
 */
export function useReviewShortcuts(handlers: ReviewShortcutHandlers, enabled = true) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = shortcutOf(event);
      if (!shortcut) return;
      event.preventDefault();
      latest.current[shortcut]();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
