// @tanstack/react-query as the shell's server build gives it to itself and to every remote it
// renders: the package as it is, with the server's `useQuery` (platform/src/query/server-query.ts)
// in place of its own. The server build aliases `@tanstack/react-query` to this file and
// `@tanstack/react-query-original` to the package (tools/rspack/create-config.mjs).
import { useQuery as packageUseQuery } from '@tanstack/react-query-original';
import { serverQueryHook } from 'platform/server-query';

export * from '@tanstack/react-query-original';
export const useQuery = serverQueryHook(packageUseQuery);
