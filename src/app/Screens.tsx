import { Placeholder, Spinner } from '@telegram-apps/telegram-ui';
import { Suspense, useLayoutEffect, useState } from 'react';
import { Navigate, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { ScreenActive } from '../components/screen-active';
import { findRoute, type RouteDef } from './routes';
import { paths } from '../../common/paths';

/** Scroll positions of kept-alive screens, by route path. */
const scrollPositions = new Map<string, number>();

function Screen({ route }: { route: RouteDef }) {
  const Component = route.screen;
  return (
    <Suspense
      fallback={
        <Placeholder>
          <Spinner size="m" />
        </Placeholder>
      }
    >
      <Component />
    </Suspense>
  );
}

/** A screen inside its own <Routes>, so useParams() and useLocation() answer for it. */
function RouteScreen({ route, location }: { route: RouteDef; location: Location }) {
  return (
    <Routes location={location}>
      <Route path={route.path} element={<Screen route={route} />} />
    </Routes>
  );
}

/**
 * Renders the current route's screen. Kept-alive screens stay mounted (hidden) after their first
 * visit, and come back at the scroll position they were left at; any other navigation scrolls
 * smoothly to the top.
 */
export function Screens() {
  const location = useLocation();
  const match = findRoute(location.pathname);
  const current = match?.route;
  // Kept-alive screens with the location they were last shown at (hidden ones keep theirs).
  const [kept, setKept] = useState<{ route: RouteDef; location: Location }[]>([]);
  if (current?.keepAlive) {
    const entry = kept.find((k) => k.route === current);
    if (!entry) setKept([...kept, { route: current, location }]);
    else if (entry.location !== location)
      setKept(kept.map((k) => (k.route === current ? { route: current, location } : k)));
  }

  // A kept-alive screen remembers its position while it is shown: by the time the route has
  // changed, the browser has already scrolled for the next screen.
  useLayoutEffect(() => {
    if (!current?.keepAlive) return;
    const path = current.path;
    const remember = () => scrollPositions.set(path, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [current]);

  useLayoutEffect(() => {
    const saved = current?.keepAlive ? scrollPositions.get(current.path) : undefined;
    if (saved !== undefined) window.scrollTo({ top: saved, behavior: 'instant' as ScrollBehavior });
    // At the top already (the first screen): no scroll, which would lay the page out before its
    // first paint (about 100 ms at 4x CPU).
    else if (window.scrollY !== 0) window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [location.pathname, current]);

  if (!current) return <Navigate to={paths.home.href()} replace />;
  return (
    <>
      {kept.map(({ route, location: shownAt }) => (
        <div key={route.path} hidden={route !== current} className="screen" data-pathname={shownAt.pathname}>
          <ScreenActive.Provider value={route === current}>
            <RouteScreen route={route} location={shownAt} />
          </ScreenActive.Provider>
        </div>
      ))}
      {!current.keepAlive || !current.screen ? (
        <div key={location.pathname} className="screen" data-pathname={location.pathname}>
          <RouteScreen route={current} location={location} />
        </div>
      ) : null}
    </>
  );
}
