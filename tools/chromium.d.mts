// Types for the TypeScript side (e2e/playwright.config.ts); the benchmarks import the .mjs directly.
export declare const chromiumOptions: { executablePath: string; args: string[] };
export declare const journeyChromiumOptions: { executablePath: string; args: string[] };
