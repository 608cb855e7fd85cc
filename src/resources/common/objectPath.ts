/** Immutable get/set/unset on nested filter objects by dotted path (`"profile.full_name"`). */
export type PlainObject = Record<string, unknown>;

const isPlainObject = (value: unknown): value is PlainObject => typeof value === "object" && value !== null && !Array.isArray(value);

export function getPath(source: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((node, key) => (isPlainObject(node) ? node[key] : undefined), source);
}

/** A copy of `source` with `value` at `path`; undefined, "" and [] remove the entry (and emptied parents). */
export function setPath(source: PlainObject, path: string, value: unknown): PlainObject {
  const empty = value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);
  const [head, ...rest] = path.split(".");
  const next: PlainObject = { ...source };
  if (rest.length === 0) {
    if (empty) delete next[head];
    else next[head] = value;
    return next;
  }
  const child = setPath(isPlainObject(source[head]) ? source[head] : {}, rest.join("."), value);
  if (Object.keys(child).length === 0) delete next[head];
  else next[head] = child;
  return next;
}

export function unsetPath(source: PlainObject, path: string): PlainObject {
  return setPath(source, path, undefined);
}

/** True when some filter holds a value (the "with your filters" empty state). */
export function hasActiveFilters(filterValues: unknown): boolean {
  if (!isPlainObject(filterValues)) return false;
  return Object.values(filterValues).some((value) => {
    if (value === undefined || value === null || value === "") return false;
    if (Array.isArray(value)) return value.length > 0;
    if (isPlainObject(value)) return hasActiveFilters(value);
    return true;
  });
}
