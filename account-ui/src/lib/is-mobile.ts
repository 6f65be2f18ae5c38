import { UI } from 'contracts';

/** The spec's mobile rule: dialogs do not autofocus there, so no keyboard pops over them. */
export function isMobile(): boolean {
  return (
    /Mobi|Android|iPhone|iPad/i.test(navigator.userAgent) ||
    window.matchMedia?.(`(max-width: ${UI.mobileMaxWidthPx}px)`).matches === true
  );
}
