import { createStore } from 'jotai';

/**
 * The one jotai store shared by the shell and every remote. A binding that can change only for
 * tests: the files of a test worker share one module graph, and each starts with a page's store
 * as a load makes it (`freshPageStore`), not with a dialog another file left open.
 */
export let store = createStore();

/** Tests only (platform/testing): the next file's page starts with an empty store. */
export function freshPageStore(): void {
  store = createStore();
}
