/**
 * Runs a task once the page has loaded and the browser has a moment (at the latest `timeoutMs`
 * after the load; Safari, without idle callbacks, waits a second). Returns a cancel function.
 */
export function whenIdle(task: () => void, timeoutMs = 3000): () => void {
  let idle: number | undefined;
  let timer: number | undefined;
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function')
      idle = window.requestIdleCallback(task, { timeout: timeoutMs });
    else timer = window.setTimeout(task, 1000);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}

/**
 * Runs work nothing on screen waits for (the other language's texts, say) once the page is idle
 * and `delayMs` more have passed: off the downloads of the first screen, which in the signed-in
 * areas keeps loading after the page itself is idle. Returns a cancel function.
 */
export function whenSettled(task: () => void, delayMs = 3000): () => void {
  let timer: number | undefined;
  const cancelIdle = whenIdle(() => {
    timer = window.setTimeout(task, delayMs);
  });
  return () => {
    cancelIdle();
    if (timer !== undefined) window.clearTimeout(timer);
  };
}
