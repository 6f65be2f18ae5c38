// Types for the TypeScript side (e2e/tests/bundle-budget.spec.ts); the benchmark imports the .mjs directly.
export interface LoadedScript {
  url: string;
  gzip: number;
  raw: number;
}
/** The part of Playwright's Page the measure uses. */
interface WatchedPage {
  on(
    event: 'response',
    listener: (response: {
      url(): string;
      body(): Promise<Buffer>;
      request(): { resourceType(): string };
    }) => void,
  ): unknown;
  addInitScript(script: (selector: string) => void, selector: string): Promise<unknown>;
  locator(selector: string): { waitFor(options: { state: 'attached'; timeout: number }): Promise<void> };
  evaluate<R>(fn: () => R): Promise<R>;
}
export declare const FIRST_LOAD_BUDGET_KIB: Readonly<
  Record<'/' | '/profile' | '/advister' | '/admin', number>
>;
export declare const kib: (bytes: number) => number;
export declare const gzipSize: (buffer: Buffer) => number;
export declare function watchFirstLoad(
  page: WatchedPage,
  ready: string,
  options?: { timeoutMs?: number },
): Promise<{ scripts(): Promise<LoadedScript[]> }>;
export declare function firstLoadTotal(scripts: LoadedScript[]): { kib: number; scripts: string };
