import {
  loadedRemoteRoutes,
  loadRemoteRoutes,
  measureRemoteLoad,
  type RemoteName,
  type RemoteRoutesModule,
  releaseVersionOf,
  reportBoundaryError,
} from 'platform';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useContext, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'react-router-dom';
import { LoadingText } from '../../components/loading-text';
import { RemoteFallback } from './remote-fallback';
import { ClientOnlyRemote, ServerRemotesContext } from './server-remotes';

type LazyRoutes = LazyExoticComponent<ComponentType>;
const lazyRoutes = new Map<string, LazyRoutes>();

/**
 * React.lazy caches a rejection, so each retry needs a lazy component of its own. Each load is
 * timed for the release figures (telemetry), failed ones too.
 */
function routesFor(name: RemoteName, attempt: number): LazyRoutes {
  const key = `${name}:${attempt}`;
  let component = lazyRoutes.get(key);
  if (!component) {
    component = lazy(
      (): Promise<RemoteRoutesModule> => measureRemoteLoad(name, () => loadRemoteRoutes(name)),
    );
    lazyRoutes.set(key, component);
  }
  return component;
}

/**
 * The remote's routes component: on the server, the one its server code gave (or a marker that
 * leaves the box to the browser); in the browser, the loaded one at once (so a server-rendered
 * page hydrates in place), otherwise a lazy one.
 */
function useRoutes(name: RemoteName, attempt: number): ComponentType {
  const server = useContext(ServerRemotesContext);
  if (server) return server[name] ?? RenderedInBrowser;
  const loaded = attempt === 0 ? loadedRemoteRoutes(name) : undefined;
  return loaded ? loaded.default : routesFor(name, attempt);
}

/** On the server, for a remote whose server code could not be had. */
function RenderedInBrowser(): never {
  throw new ClientOnlyRemote();
}

/** A remote's box: whatever the remote does (404, failing entry, render error), it stays inside. */
export function RemoteArea({ name }: { name: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const { pathname } = useLocation();
  const Routes = useRoutes(name, attempt);
  return (
    <section data-remote={name} aria-live="polite">
      <ErrorBoundary
        resetKeys={[attempt, pathname]}
        // Each time the fallback shows, the release it happened in counts an error.
        onError={(error) => reportBoundaryError(name, releaseVersionOf(name), error)}
        fallbackRender={() => <RemoteFallback onRetry={() => setAttempt((value) => value + 1)} />}
      >
        <Suspense fallback={<LoadingText />}>
          <Routes />
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}
