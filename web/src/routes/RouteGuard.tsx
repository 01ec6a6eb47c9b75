import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { openLoginDialog } from '../app-events';
import { useIsMobile } from '../hooks/useIsMobile';
import { selectIsLoggedIn, selectUser, useUserStore } from '../stores/user';
import { decideRoute, pageTitle, roleOf } from './guards';
import type { RouteConfig } from './types';

/** Applies the docs/product/shell-and-navigation.md §2 guards to one route and sets the page title. */
export function RouteGuard({ route, children }: { route: RouteConfig; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const isLoggedIn = useUserStore(selectIsLoggedIn);
  const user = useUserStore(selectUser);
  const isMobile = useIsMobile();
  const decision = decideRoute({
    route,
    pathname: location.pathname,
    search: location.search,
    isLoggedIn,
    isMobile,
    role: roleOf(user),
  });

  useEffect(() => {
    if (decision.kind === 'render') document.title = pageTitle(route.title);
  }, [decision.kind, route.title]);

  const loginRequired = decision.kind === 'redirect' && decision.reason === 'loginRequired';
  useEffect(() => {
    // Sent away from a members-only page: offer the login right away instead of a silent bounce.
    if (loginRequired) openLoginDialog();
  }, [loginRequired]);

  const roleRefused = decision.kind === 'redirectThen';
  useEffect(() => {
    if (!roleRefused) return;
    void Promise.resolve(navigate('/', { replace: true })).then(() => navigate('/404'));
  }, [roleRefused, navigate]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'redirectThen') return null;
  return children;
}
