import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createMemoryRouter,
  createStaticHandler,
  createStaticRouter,
  Link,
  type LinkProps,
  MemoryRouter,
  NavLink,
  type NavLinkProps,
  Outlet,
  Route,
  type RouteObject,
  RouterProvider,
  Routes,
  StaticRouterProvider,
} from 'react-router';
import { describe, expect, it } from 'vitest';
import { ServerLink, ServerNavLink } from './server-links';

interface Links {
  Link: ComponentType<LinkProps>;
  NavLink: ComponentType<NavLinkProps>;
}
const original: Links = { Link, NavLink };
const server: Links = { Link: ServerLink, NavLink: ServerNavLink };

/** Every kind of `to` and every prop that shows in a link's HTML, as react-router's Link takes them. */
function LinkCases({ links: { Link: L } }: { links: Links }) {
  const tos = [
    '/girl/12',
    '/',
    '/en/category',
    'girl/12',
    'page/3',
    '.',
    './',
    '',
    '..',
    '../..',
    '../../../../..',
    '../individual?page=2#list',
    'a/../b/./c',
    '?page=2',
    '#top',
    '/category/massage/?page=2&sort=new#results',
    'with space/тест',
    '/a//b',
    'x/',
    { pathname: 'relative', search: '?a=1', hash: 'h' },
    { pathname: '/absolute/', search: 'b=2' },
    { search: '?only=search' },
    { hash: 'only-hash' },
    {},
    { pathname: '..' },
    { pathname: '' },
    'https://example.com/x',
    '//cdn.example.com/y',
    'mailto:someone@example.com',
  ];
  return (
    <nav>
      {tos.map((to) => (
        <L key={JSON.stringify(to)} to={to}>
          {JSON.stringify(to)}
        </L>
      ))}
      <L to=".." relative="path">
        path-relative parent
      </L>
      <L to="../x" relative="path" className="up">
        path-relative sibling
      </L>
      <L
        to="/girl/7"
        className="card"
        style={{ color: 'red' }}
        rel="next"
        title="Anna"
        id="anna"
        data-category="individual"
        aria-label="Anna, 25"
        target="_blank"
        reloadDocument
        replace
        state={{ from: 'listing' }}
        preventScrollReset
        viewTransition
        prefetch="intent"
        onClick={() => undefined}
      >
        <span>Anna</span>
      </L>
      <L to="/no-discover" discover="none">
        no discover
      </L>
      <L to="/girl/8" target="_self" hrefLang="en" tabIndex={-1}>
        target before
      </L>
    </nav>
  );
}

/** NavLinks at, above, beside and below the page, with every way to style them. */
function NavLinkCases({ links: { NavLink: N } }: { links: Links }) {
  const state = ({
    isActive,
    isPending,
    isTransitioning,
  }: {
    isActive: boolean;
    isPending: boolean;
    isTransitioning: boolean;
  }) =>
    [isActive && 'on', isPending && 'wait', isTransitioning && 'moving'].filter(Boolean).join('-') || 'off';
  return (
    <ul>
      {[
        '.',
        '..',
        '/',
        '/category',
        '/category/massage',
        '/category/MASSAGE',
        '/category/massage/',
        'page/2',
        '/girl/1',
      ].map((to) => (
        <li key={to}>
          <N to={to}>{to}</N>
          <N to={to} end className="tab">
            {to}
          </N>
          <N to={to} caseSensitive className={(props) => `fn-${state(props)}`}>
            {(props) => <b>{state(props)}</b>}
          </N>
          <N to={to} style={(props) => ({ fontWeight: props.isActive ? 700 : 400 })} aria-current="step">
            {to}
          </N>
        </li>
      ))}
      <N
        to={{ pathname: '/category/massage', search: '?page=2' }}
        style={{ color: 'blue' }}
        rel="me"
        target="_top"
      >
        object
      </N>
      <N to="https://example.com/category/massage">absolute</N>
      <N to="/docs/тест page">encoded</N>
      <N to="/docs/%D1%82%D0%B5%D1%81%D1%82%20page">already encoded</N>
    </ul>
  );
}

function Page({ links }: { links: Links }) {
  return (
    <main>
      <LinkCases links={links} />
      <NavLinkCases links={links} />
    </main>
  );
}

/** A nested address space with a pathless layout and a splat, like the shell's. */
function routes(links: Links): RouteObject[] {
  const page = <Page links={links} />;
  return [
    {
      path: '/',
      element: <Outlet />,
      children: [
        { index: true, element: page },
        {
          path: 'category/:category',
          element: <Outlet />,
          children: [
            { index: true, element: page },
            { element: <Outlet />, children: [{ path: 'page/:page', element: page }] },
          ],
        },
        { path: 'girl/:id', element: page },
        { path: 'docs/*', element: page },
      ],
    },
  ];
}

async function staticPage(links: Links, url: string, basename?: string): Promise<string> {
  const handler = createStaticHandler(routes(links), basename ? { basename } : {});
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`${url} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const addresses: [string, string | undefined][] = [
  ['/', undefined],
  ['/category/massage', undefined],
  ['/category/Massage/', undefined],
  ['/category/massage/page/2', undefined],
  ['/girl/12', undefined],
  ['/docs/a/b/c', undefined],
  ['/docs/тест page', undefined],
  ['/en', '/en'],
  ['/en/', '/en'],
  ['/en/category/massage/page/2', '/en'],
  ['/EN/category/massage', '/en'],
  ['/en/docs/deep/path/', '/en/'],
];

describe("the server render's Link and NavLink", () => {
  it('render the same HTML as react-router under a static router, with and without a basename', async () => {
    for (const [url, basename] of addresses) {
      const expected = await staticPage(original, url, basename);
      const html = await staticPage(server, url, basename);
      expect(html, url).toBe(expected);
    }
  });

  it('resolve relative, parent and basename paths to the addresses react-router gives', async () => {
    const html = await staticPage(server, '/en/category/massage/page/2', '/en');
    expect(html).toContain('href="/en/category/massage/page/2/page/3"');
    // `..` leaves the route (the pathless layout does not count), not the last segment.
    expect(html).toContain('href="/en/category/massage/individual?page=2#list"');
    expect(html).toContain('href="/en/category/massage/page/2?page=2"');
    expect(html).toContain('href="/en/category/massage/page/2" data-discover="true">&quot;&quot;</a>');
    expect(html).toContain('href="/en/category/massage/page/x"');
    expect(html).toContain('href="https://example.com/x"');
    expect(html).toContain('class="tab active" href="/en/category/massage/page/2"');
    expect(html).toMatch(/aria-current="page" class="active" href="\/en\/category\/massage"/);
    expect(html).toContain('<a href="/en/no-discover">');
    expect(html).toContain(
      'class="card" style="color:red" rel="next" title="Anna" id="anna" data-category="individual" aria-label="Anna, 25" href="/en/girl/7" target="_blank" data-discover="true"',
    );
  });

  it('render the same HTML as react-router in a MemoryRouter (no data router) at nested routes', () => {
    const page = (links: Links, url: string) =>
      renderToString(
        <MemoryRouter initialEntries={[url]} basename="/en">
          <Routes>
            <Route path="/" element={<Outlet />}>
              <Route path="category/:category/*" element={<Page links={links} />} />
              <Route path="*" element={<Page links={links} />} />
            </Route>
          </Routes>
        </MemoryRouter>,
      );
    for (const url of ['/en/category/massage', '/en/category/massage/page/2', '/en/elsewhere/x/']) {
      expect(page(server, url), url).toBe(page(original, url));
    }
  });

  it('mark a NavLink pending while the router navigates to it, as react-router does', async () => {
    const never = new Promise<null>(() => undefined);
    const page = async (links: Links) => {
      const router = createMemoryRouter(
        [
          { path: '/', element: <Page links={links} /> },
          { path: '/category/:category', element: <Page links={links} />, loader: () => never },
        ],
        { initialEntries: ['/'] },
      );
      void router.navigate('/category/massage');
      await Promise.resolve();
      expect(router.state.navigation.location?.pathname).toBe('/category/massage');
      const html = renderToString(<RouterProvider router={router} />);
      router.dispose();
      return html;
    };
    const html = await page(server);
    expect(html).toBe(await page(original));
    expect(html).toContain('<b>wait</b>');
  });
});
