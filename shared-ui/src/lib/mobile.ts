/**
 * The spec's mobile detection (section 9): a mobile user agent, or a window 768 px wide or less.
 * On mobile, dialogs do not move focus into a field: that would pop the on-screen keyboard over the
 * dialog. The design system owns it, so every dialog follows one rule.
 */
export const MOBILE_MAX_WIDTH_PX = 768;

const MOBILE_AGENT = /Mobi|Android|iPhone|iPad|iPod|Opera Mini|IEMobile/i;

export function isMobile(): boolean {
  if (typeof window === 'undefined') return false;
  return (
    MOBILE_AGENT.test(navigator.userAgent) ||
    window.matchMedia?.(`(max-width: ${MOBILE_MAX_WIDTH_PX}px)`).matches === true
  );
}
