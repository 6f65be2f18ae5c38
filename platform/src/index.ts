export type { AppConfig } from './config';
export { appConfig, configureServer } from './config';
export { ApiError, errorCodeFor } from './http/api-error';
export type { RequestOptions } from './http/client';
export {
  api,
  apiRequest,
  buildUrl,
  CSRF_COOKIE,
  CSRF_HEADER,
  readCookie,
  readCsrfCookie,
  refreshSession,
} from './http/client';
export type { UploadHandle, UploadOptions } from './http/upload';
export { UploadCancelled, uploadFile } from './http/upload';
export type { LanguageSwitchProps } from './i18n/use-language-switch';
export { useLanguageSwitch } from './i18n/use-language-switch';
export { useLocalized } from './i18n/use-localized';
export { whenIdle, whenSettled } from './idle';
export {
  currentLocale,
  i18n,
  LOCALE_STORAGE_KEY,
  loadEveryLanguage,
  loadRegisteredNamespaces,
  onLanguageSwitch,
  pageLocale,
  registerNamespace,
  storedLocale,
  switchLanguage,
} from './i18n/i18n';
// The language's addresses are a contract: the API writes them too (canonical links, the sitemap).
export { basenameFor, LOCALE_PREFIX, localeOfPath, localizePath, stripLocale } from 'contracts';
export type { PlatformProvidersProps } from './providers';
export { PlatformProviders } from './providers';
export { StandaloneApp } from './standalone/standalone-app';
export { dehydrateForPage, hydrateFromPage } from './query/handover';
export { createQueryClient, queryClient } from './query/query-client';
export type { RegistryEntry, RemoteName, RemoteRegistry, RemoteRoutesModule } from './remotes/remotes';
export {
  browserEntry,
  fetchRegistry,
  loadedRemoteRoutes,
  loadRemoteRoutes,
  ownerInRegistry,
  preloadRemoteFor,
  REMOTES,
  registerRegistry,
  releaseVersionOf,
  remoteForPath,
  runningReleases,
  serverEntry,
} from './remotes/remotes';
export { RegistryProvider, useRemoteForPath } from './remotes/owner';
export { checkWithdrawnReleases, resetVersionSkew, runsWithdrawnRelease } from './remotes/version-skew';
export { NotFoundPageProvider, PageNotFound } from './routes/not-found';
export { SAMPLE_META_NAME } from './telemetry/constants';
export {
  measureRemoteLoad,
  reportBoundaryError,
  reportRemoteLoad,
  startTelemetry,
} from './telemetry/telemetry';
export { paths, routePatterns } from './routes/paths';
export { listingAtom } from './state/catalog';
export { store } from './state/store';
export type { LogoutEnvironment, LogoutResult, LogoutTarget } from './session/logout';
export { LOGOUT_RESULT_KEY, logout, takeLogoutResult } from './session/logout';
export type { Session, SessionProfile } from './session/session';
export { getProfile, homeOf, profileQueryOptions, sessionKeys, useSession } from './session/session';
export {
  REFRESH_FLAG_KEY,
  readRefreshFlag,
  refreshFlagAtom,
  watchRefreshFlag,
  writeRefreshFlag,
} from './session/session-flag';
export { markSignedIn } from './session/sign-in';
export { unreadCountQueryOptions, useUnreadCount } from './session/unread-count';
export type {
  PrefetchContext,
  PrefetchResult,
  RemoteServerModule,
} from './remotes/server-entry';
