/**
 * A tap on a control that works only with scripts (the phone's menu button), made on a
 * server-rendered page before its scripts have run, is not lost: `public/boot.js` keeps the name
 * the control carries in `data-boot-tap` on `<html data-boot-tap>`, and the control's owner acts
 * on it once live. Taken once.
 */
export function takeBootTap(name: string): boolean {
  if (typeof document === 'undefined') return false;
  const root = document.documentElement;
  if (root.dataset.bootTap !== name) return false;
  delete root.dataset.bootTap;
  return true;
}
