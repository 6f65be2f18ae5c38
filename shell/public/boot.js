// Starts a server-rendered page's scripts once its photos are on screen (two frames after the
// page's load event), at the visitor's first tap or key press, or after 3 s, whichever comes
// first. The page reads and its links work without them; the photos get the connection to
// themselves meanwhile. The server writes this tag instead of the page's script tags
// (data-scripts, in order) and the preloads of the page's remote (data-preload). It lives outside
// the bundles because it must run before them.
(() => {
  const boot = document.currentScript;
  if (!boot) return;
  const list = (name) => (boot.getAttribute(name) || '').split(' ').filter(Boolean);
  const urgent = ['pointerdown', 'keydown', 'touchstart'];
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of urgent) window.removeEventListener(type, start, true);
    for (const href of list('data-preload')) {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = href;
      document.head.append(link);
    }
    for (const src of list('data-scripts')) {
      const script = document.createElement('script');
      script.src = src;
      // Inserted scripts run as they arrive unless told otherwise: these run in order, as defer did.
      script.async = false;
      document.head.append(script);
    }
  };
  // A tap on a control that works only with scripts (the phone's menu button, `data-boot-tap`)
  // before they are live is kept for the app, which acts on it once it is (shell lib/boot-tap.ts);
  // the tap itself starts the scripts (above).
  const root = document.documentElement;
  const keepTap = (event) => {
    if (root.dataset.hydrated === 'true') {
      document.removeEventListener('click', keepTap, true);
      return;
    }
    const control = event.target instanceof Element ? event.target.closest('[data-boot-tap]') : null;
    if (control) root.dataset.bootTap = control.getAttribute('data-boot-tap') || '';
  };
  document.addEventListener('click', keepTap, true);
  // The photos have loaded at the load event; two frames later they are on screen.
  const afterPaint = () => requestAnimationFrame(() => requestAnimationFrame(start));
  if (document.readyState === 'complete') {
    afterPaint();
    return;
  }
  window.addEventListener('load', afterPaint, { once: true });
  for (const type of urgent) window.addEventListener(type, start, { capture: true, passive: true });
  window.setTimeout(start, 3000);
})();
