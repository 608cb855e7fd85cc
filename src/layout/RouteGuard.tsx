import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { guardRedirect } from "../domain/routeAccess";
import { runtimeConfig } from "./runtimeConfig";
import { useCurrentUser } from "./useCurrentUser";

/**
 * The permission, role and policy-support guards around every signed-in page (document 1 sections 2.2 and 5): a
 * refused route goes to /404 (domain/routeAccess.ts). Nothing renders until the user is known, so a refused page
 * never starts its calls. The login guard is <Admin requireAuth>.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const { user, isPending } = useCurrentUser();
  // Signed out (requireAuth is already redirecting to the sign-in page) or not known yet: nothing to show.
  if (isPending || !user) return null;
  const target = guardRedirect(user, `${pathname}${search}`, { production: runtimeConfig().production });
  return target ? <Navigate to={target} replace /> : <>{children}</>;
}
