import { loadRemoteRoutes, type RemoteName, type RemoteRoutesModule } from 'platform';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useLocation } from 'react-router-dom';
import { LoadingText } from '../../components/loading-text';
import { RemoteFallback } from './remote-fallback';

type LazyRoutes = LazyExoticComponent<ComponentType>;
const lazyRoutes = new Map<string, LazyRoutes>();

/** React.lazy caches a rejection, so each retry needs a lazy component of its own. */
function routesFor(name: RemoteName, attempt: number): LazyRoutes {
  const key = `${name}:${attempt}`;
  let component = lazyRoutes.get(key);
  if (!component) {
    component = lazy((): Promise<RemoteRoutesModule> => loadRemoteRoutes(name));
    lazyRoutes.set(key, component);
  }
  return component;
}

/** A remote's box: whatever the remote does (404, failing entry, render error), it stays inside. */
export function RemoteArea({ name }: { name: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const { pathname } = useLocation();
  const Routes = routesFor(name, attempt);
  return (
    <section data-remote={name} aria-live="polite">
      <ErrorBoundary
        resetKeys={[attempt, pathname]}
        fallbackRender={() => <RemoteFallback onRetry={() => setAttempt((value) => value + 1)} />}
      >
        <Suspense fallback={<LoadingText />}>
          <Routes />
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}
