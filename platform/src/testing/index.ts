// What front-end tests share: one API stub (every unstubbed request fails the test), the render
// helper with the platform providers and a router, test-data builders, and the translation checks. Tests only: no
// app code imports this entry.
export type { ApiCall } from './api-stub';
export { apiError, called, guardNetwork, ok, stubApi } from './api-stub';
export { createProfile } from './builders';
export { FakeStreamSocket } from './fake-stream-socket';
export { FakeXhr } from './fake-xhr';
export { addTranslations, location, renderAt } from './render';
export { freshPageStore } from '../state/store';
export { expectCompleteTranslations } from './translations';
