import { usePermissions } from "react-admin";
import type { StaffUser } from "../dataProvider/types";

/**
 * The signed-in staff as the authProvider's getPermissions answers it (the stored user), so the shell reads the
 * same user as react-admin and a test <Admin> can supply one. `isPending` is true until it is known.
 */
export function useCurrentUser(): { user: StaffUser | null; isPending: boolean } {
  const { permissions, isPending } = usePermissions<StaffUser | null>();
  return { user: permissions ?? null, isPending };
}
