import type { TestApp } from './create-test-app';

/** `t.close()` for an app that may not have been built (a failed beforeAll). */
export async function closeTestApp(t: TestApp | undefined): Promise<void> {
  await t?.close();
}
