import { createElement, type ReactElement, type ReactNode, type Ref, useContext } from 'react';
import {
  Link,
  type LinkProps,
  NavLink,
  type NavLinkProps,
  type NavLinkRenderProps,
  type Navigator,
  type Path,
  parsePath,
  resolvePath,
  type To,
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_DataRouterStateContext as DataRouterStateContext,
  UNSAFE_FrameworkContext as FrameworkContext,
  UNSAFE_LocationContext as LocationContext,
  UNSAFE_NavigationContext as NavigationContext,
  UNSAFE_RouteContext as RouteContext,
  UNSAFE_ViewTransitionContext as ViewTransitionContext,
} from 'react-router';

/**
 * `Link` and `NavLink` for the server render (issue 31), which the shell's server build puts in
 * place of react-router's own for itself and every remote it renders (shell/src/server-react-router-dom.ts).
 *
 * A server render writes each link once and never clicks it, yet react-router's `Link` runs the
 * hooks a browser needs on every one: a click handler with its own `useNavigate`, prefetch state and
 * effects, merged refs, and `useResolvedPath`'s JSON round trip of the route's paths. A page has about
 * fifty links, and they were about 15 % of its render's CPU. Here a link reads the router's contexts
 * and writes the same `<a>`: its address resolved as react-router resolves it (the same
 * `resolvePath`, `parsePath` and `navigator.createHref`, relative paths against the route's matches,
 * the basename joined), the same attributes in the same order. Anything this does not cover (an
 * absolute URL, a masked link, framework mode, an invalid `to`, no router, a view transition under
 * way) is rendered by react-router's own component.
 */

type ServerLinkProps = LinkProps & { ref?: Ref<HTMLAnchorElement> };
type ServerNavLinkProps = NavLinkProps & { ref?: Ref<HTMLAnchorElement> };

/** react-router's test for a `to` that is a URL rather than a path. */
const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i;

/** Whether `to` is one this module resolves (react-router throws on the others, or reads the page's URL). */
function isPlainTo(to: To): boolean {
  if (typeof to === 'string') return !ABSOLUTE_URL.test(to);
  if (to === null || typeof to !== 'object') return false;
  const { pathname, search } = to;
  return !pathname?.includes('?') && !pathname?.includes('#') && !search?.includes('#');
}

/** The paths relative links resolve against (react-router's getResolveToMatches), once per route's matches. */
const routePathnamesOf = new WeakMap<object, string[]>();
function routePathnames(matches: { pathname: string; pathnameBase: string; route: { path?: string } }[]) {
  let pathnames = routePathnamesOf.get(matches);
  if (!pathnames) {
    const contributing = matches.filter((match, index) => index === 0 || (match.route.path?.length ?? 0) > 0);
    pathnames = contributing.map((match, index) =>
      index === contributing.length - 1 ? match.pathname : match.pathnameBase,
    );
    routePathnamesOf.set(matches, pathnames);
  }
  return pathnames;
}

type Matches = Parameters<typeof routePathnames>[0];

/** react-router's resolveTo, with the route's paths read only for a relative path. */
function resolveTo(toArg: To, matches: Matches, locationPathname: string, isPathRelative: boolean): Path {
  const to: Partial<Path> = typeof toArg === 'string' ? parsePath(toArg) : { ...toArg };
  const isEmptyPath = toArg === '' || to.pathname === '';
  const toPathname = isEmptyPath ? '/' : to.pathname;
  let from: string;
  if (toPathname == null) {
    from = locationPathname;
  } else if (to.pathname && (to.pathname.startsWith('/') || to.pathname.startsWith('\\'))) {
    // resolvePath ignores where an absolute path is resolved from.
    from = '/';
  } else {
    const pathnames = routePathnames(matches);
    let routePathnameIndex = pathnames.length - 1;
    if (!isPathRelative && toPathname.startsWith('..')) {
      const toSegments = toPathname.split('/');
      while (toSegments[0] === '..') {
        toSegments.shift();
        routePathnameIndex -= 1;
      }
      to.pathname = toSegments.join('/');
    }
    from = routePathnameIndex >= 0 ? (pathnames[routePathnameIndex] ?? '/') : '/';
  }
  const path = resolvePath(to, from);
  const hasExplicitTrailingSlash = !!toPathname && toPathname !== '/' && toPathname.endsWith('/');
  const hasCurrentTrailingSlash = (isEmptyPath || toPathname === '.') && locationPathname.endsWith('/');
  if (!path.pathname.endsWith('/') && (hasExplicitTrailingSlash || hasCurrentTrailingSlash)) {
    path.pathname += '/';
  }
  return path;
}

/** react-router's useHref, given the resolved path. */
function hrefOf({ pathname, search, hash }: Path, basename: string, navigator: Navigator): string {
  let joinedPathname = pathname;
  if (basename !== '/') {
    joinedPathname = pathname === '/' ? basename : [basename, pathname].join('/').replace(/[\\/]{2,}/g, '/');
  }
  return navigator.createHref({ pathname: joinedPathname, search, hash });
}

/** The router's state a link reads, or null where react-router's own component should render it. */
function useLinkRouter() {
  const navigation = useContext(NavigationContext);
  const location = useContext(LocationContext);
  const route = useContext(RouteContext);
  // Framework mode adds prefetch links and handlers: react-router's own component.
  const framework = useContext(FrameworkContext);
  if (location == null || framework != null) return null;
  return {
    basename: navigation.basename,
    navigator: navigation.navigator,
    location: location.location,
    matches: route.matches as Matches,
  };
}

type LinkRouter = NonNullable<ReturnType<typeof useLinkRouter>>;

/** The props react-router's Link takes for itself: none of them is an attribute of its `<a>`. */
function isLinkOnly(key: string): boolean {
  switch (key) {
    case 'onClick':
    case 'discover':
    case 'prefetch':
    case 'relative':
    case 'reloadDocument':
    case 'replace':
    case 'mask':
    case 'state':
    case 'target':
    case 'to':
    case 'preventScrollReset':
    case 'viewTransition':
    case 'defaultShouldRevalidate':
    case 'ref':
      return true;
    default:
      return false;
  }
}

/**
 * The `<a>` react-router's Link renders on the server, for a `to` that passed isPlainTo: its other
 * props in their order, then href, target and data-discover (React writes attributes in prop order).
 * Copied key by key: an object rest that leaves out fourteen names cost more than the rest of a link.
 */
function anchor(props: ServerLinkProps, path: Path, router: LinkRouter): ReactElement {
  const attributes: Record<string, unknown> = {};
  for (const key in props) {
    if (!isLinkOnly(key)) attributes[key] = props[key as keyof ServerLinkProps];
  }
  attributes.href = hrefOf(path, router.basename, router.navigator);
  attributes.target = props.target;
  attributes['data-discover'] =
    props.discover === undefined || props.discover === 'render' ? 'true' : undefined;
  return createElement('a', attributes);
}

/**
 * An absolute path's resolution depends on nothing but itself: kept, as most links are one (a
 * card's profile, a category, a page of the listing). Read-only to this module.
 */
const RESOLVED_LIMIT = 5_000;
let resolvedAbsolute = new Map<string, Path>();
function resolve(to: To, router: LinkRouter, relative: string | undefined): Path {
  if (typeof to !== 'string' || to.charCodeAt(0) !== 47 /* / */) {
    return resolveTo(to, router.matches, router.location.pathname, relative === 'path');
  }
  let path = resolvedAbsolute.get(to);
  if (!path) {
    path = resolveTo(to, router.matches, router.location.pathname, relative === 'path');
    if (resolvedAbsolute.size >= RESOLVED_LIMIT) resolvedAbsolute = new Map();
    resolvedAbsolute.set(to, path);
  }
  return path;
}

export function ServerLink(props: ServerLinkProps): ReactElement {
  const router = useLinkRouter();
  const { to } = props;
  if (!router || props.mask !== undefined || !isPlainTo(to)) return createElement(Link, props);
  return anchor(props, resolve(to, router, props.relative), router);
}

/** A navigator's encoded pathnames (NavLink compares them with the page's), kept per encoder. */
const ENCODED_LIMIT = 2_000;
const encodedPathnames = new WeakMap<object, Map<string, string>>();
function encodedPathname(navigator: Navigator, path: Path): string {
  const encode = navigator.encodeLocation;
  if (!encode) return path.pathname;
  let known = encodedPathnames.get(encode);
  if (!known || known.size > ENCODED_LIMIT) {
    known = new Map();
    encodedPathnames.set(encode, known);
  }
  const key = `${path.pathname}\u0000${path.search}\u0000${path.hash}`;
  let pathname = known.get(key);
  if (pathname === undefined) {
    pathname = encode.call(navigator, path).pathname;
    known.set(key, pathname);
  }
  return pathname;
}

export function ServerNavLink(props: ServerNavLinkProps): ReactElement {
  const router = useLinkRouter();
  const routerState = useContext(DataRouterStateContext);
  const transition = useContext(ViewTransitionContext);
  const dataRouter = useContext(DataRouterContext);
  const { to } = props;
  if (
    !router ||
    props.mask !== undefined ||
    !isPlainTo(to) ||
    // Under a data router react-router asks whether a view transition is under way (and throws
    // without its contexts): only "none" is answered here.
    (routerState != null && (transition == null || transition.isTransitioning || dataRouter == null))
  ) {
    return createElement(NavLink, props);
  }
  const {
    'aria-current': ariaCurrentProp = 'page',
    caseSensitive = false,
    className: classNameProp = '',
    end = false,
    style: styleProp,
    children,
    ...rest
  } = props;
  const path = resolve(to, router, rest.relative);
  let toPathname = encodedPathname(router.navigator, path);
  let locationPathname = router.location.pathname;
  let nextLocationPathname: string | null = routerState?.navigation?.location?.pathname ?? null;
  if (!caseSensitive) {
    locationPathname = locationPathname.toLowerCase();
    nextLocationPathname = nextLocationPathname ? nextLocationPathname.toLowerCase() : null;
    toPathname = toPathname.toLowerCase();
  }
  if (nextLocationPathname && router.basename) {
    nextLocationPathname = stripBasename(nextLocationPathname, router.basename) || nextLocationPathname;
  }
  const endSlashPosition =
    toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length;
  const isActive =
    locationPathname === toPathname ||
    (!end && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlashPosition) === '/');
  const isPending =
    nextLocationPathname != null &&
    (nextLocationPathname === toPathname ||
      (!end &&
        nextLocationPathname.startsWith(toPathname) &&
        nextLocationPathname.charAt(toPathname.length) === '/'));
  const renderProps: NavLinkRenderProps = { isActive, isPending, isTransitioning: false };
  const className =
    typeof classNameProp === 'function'
      ? classNameProp(renderProps)
      : [classNameProp, isActive ? 'active' : null, isPending ? 'pending' : null].filter(Boolean).join(' ');
  const style = typeof styleProp === 'function' ? styleProp(renderProps) : styleProp;
  const linkProps = {
    ...rest,
    'aria-current': isActive ? ariaCurrentProp : undefined,
    className,
    style,
    to,
    children: (typeof children === 'function' ? children(renderProps) : children) as ReactNode,
  } as ServerLinkProps;
  return anchor(linkProps, path, router);
}

/** react-router's stripBasename. */
function stripBasename(pathname: string, basename: string): string | null {
  if (basename === '/') return pathname;
  if (!pathname.toLowerCase().startsWith(basename.toLowerCase())) return null;
  const startIndex = basename.endsWith('/') ? basename.length - 1 : basename.length;
  const nextChar = pathname.charAt(startIndex);
  if (nextChar && nextChar !== '/') return null;
  return pathname.slice(startIndex) || '/';
}
