/**
 * A stand-in for IntersectionObserver (happy-dom has no layout): a test says how much of an
 * element is on screen with `show(element, ratio)` and the observers watching it are told.
 */
export class FakeIntersectionObserver implements IntersectionObserver {
  static instances = new Set<FakeIntersectionObserver>();

  readonly root = null;
  readonly rootMargin = '0px';
  readonly scrollMargin = '0px';
  readonly thresholds: readonly number[];
  readonly targets = new Set<Element>();

  constructor(
    private readonly callback: IntersectionObserverCallback,
    options: IntersectionObserverInit = {},
  ) {
    const threshold = options.threshold ?? 0;
    this.thresholds = Array.isArray(threshold) ? threshold : [threshold];
    FakeIntersectionObserver.instances.add(this);
  }

  observe(target: Element) {
    this.targets.add(target);
  }

  unobserve(target: Element) {
    this.targets.delete(target);
  }

  disconnect() {
    this.targets.clear();
    FakeIntersectionObserver.instances.delete(this);
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  /** Tells every observer of `target` that `ratio` of it is now on screen. */
  static show(target: Element, ratio: number) {
    for (const observer of FakeIntersectionObserver.instances) {
      if (!observer.targets.has(target)) continue;
      const entry = {
        target,
        intersectionRatio: ratio,
        isIntersecting: ratio > 0,
        time: performance.now(),
      } as IntersectionObserverEntry;
      observer.callback([entry], observer);
    }
  }

  /** Whether anything still watches `target`. */
  static watching(target: Element) {
    return [...FakeIntersectionObserver.instances].some((observer) => observer.targets.has(target));
  }

  static install() {
    FakeIntersectionObserver.instances.clear();
    globalThis.IntersectionObserver = FakeIntersectionObserver;
  }
}

let visibility: DocumentVisibilityState = 'visible';

/** Switches the tab between visible and hidden, as the browser does, event included. */
export function setTabVisibility(state: DocumentVisibilityState) {
  visibility = state;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  document.dispatchEvent(new Event('visibilitychange'));
}
