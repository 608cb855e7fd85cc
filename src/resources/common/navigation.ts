import { useCallback } from "react";
import { useBasename } from "react-admin";

/**
 * resourcePath.* gives site-absolute URLs (/dashboard/users/view/1). react-admin's redirect functions prepend
 * <Admin basename> themselves; this strips it so both agree.
 */
export function relativeToBasename(path: string, basename: string): string {
  if (basename && basename !== "/" && (path === basename || path.startsWith(`${basename}/`))) {
    return path.slice(basename.length) || "/";
  }
  return path;
}

export function useRelativePath() {
  const basename = useBasename();
  return useCallback((path: string) => relativeToBasename(path, basename), [basename]);
}
