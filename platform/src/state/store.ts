import { createStore } from 'jotai';

/** The one jotai store shared by the shell and every remote. */
export const store = createStore();
