import type { APIRequestContext } from '@playwright/test';

/** RELEASE_TOKEN of the e2e servers (playwright.config.ts): what a deploy pipeline sends. */
export const E2E_RELEASE_TOKEN = 'e2e-release-token-for-the-deploy-pipeline-journey';

/** Calls the pipelines' registry API (/api/releases*) as a deploy pipeline does. */
export async function asPipeline(request: APIRequestContext, path: string, data?: unknown) {
  const headers = { authorization: `Bearer ${E2E_RELEASE_TOKEN}` };
  const response =
    data === undefined ? await request.get(path, { headers }) : await request.post(path, { headers, data });
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}
