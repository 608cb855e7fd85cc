import type { ReactElement, ReactNode } from "react";
import { render } from "@testing-library/react";
import { AdminContext, memoryStore, type AuthProvider, type DataProvider } from "react-admin";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { AppNotification } from "../authProvider/AppNotification";
import type { StaffUser } from "../dataProvider/types";
import { canAccess } from "../domain/access";
import { createTestI18nProvider } from "../i18n";

/** An authProvider already signed in as `user`, answering canAccess from the domain table. */
export function testAuthProvider(user: StaffUser): AuthProvider {
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => ({ id: user.id, fullName: user.profile_attributes?.full_name ?? user.email }),
    getPermissions: async () => user,
    canAccess: async ({ resource, action }) => canAccess(user, { resource, action }),
  };
}

/** Shows where the router is, so tests can assert navigation and URL state. */
export const LocationProbe = () => {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
};

export interface RenderAdminOptions {
  dataProvider: DataProvider;
  user: StaffUser;
  /** The URL to start at. */
  url: string;
  /** The route pattern the element is mounted at (react-router syntax). */
  path: string;
  /** Extra routes (e.g. the detail page a row opens). */
  routes?: ReactNode;
}

/**
 * Renders a view the way the console mounts it: inside <AdminContext basename="/dashboard"> under an outer router,
 * with the app's i18n catalogue, a memory store, the app's notifications and a location probe.
 */
export function renderInAdmin(element: ReactElement, { dataProvider, user, url, path, routes }: RenderAdminOptions) {
  const i18nProvider = createTestI18nProvider();
  const result = render(
    <MemoryRouter initialEntries={[url]}>
      <AdminContext dataProvider={dataProvider} authProvider={testAuthProvider(user)} i18nProvider={i18nProvider} store={memoryStore()} basename="/dashboard">
        <Routes>
          <Route path={path} element={element} />
          {routes}
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <LocationProbe />
        <AppNotification />
      </AdminContext>
    </MemoryRouter>,
  );
  return { ...result, i18nProvider };
}
