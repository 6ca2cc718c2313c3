// What the apps share as `react-router-dom` (shared/build sharedSingletons): react-router's declarative API only.
// A shared module cannot be tree-shaken (any remote may use any export), so sharing the package itself sent the
// whole of react-router 7 (data routers, SSR helpers, RSC…: 61 KB gzip) on every first load; re-exporting the
// names the apps use lets webpack drop the rest (≈ 17 KB gzip). The module is still one singleton per page.
// An app needing another react-router API adds its name here.
export {
  BrowserRouter,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  createSearchParams,
  generatePath,
  matchPath,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutletContext,
  useParams,
  useResolvedPath,
  useSearchParams,
} from 'react-router';
