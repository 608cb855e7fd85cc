/**
 * Rails-style bracket encoding of the list contract (docs/API.md, "List contract"): nested objects become
 * `a[b][c]=v`, arrays `a[]=v1&a[]=v2`; undefined, null and "" are left out. Brackets stay readable; names and values
 * are percent-encoded.
 */
export type QueryInput = { [key: string]: unknown };

function encodePart(text: string): string {
  return encodeURIComponent(text);
}

function append(out: string[], key: string, value: unknown): void {
  if (value === undefined || value === null || value === "") return;
  if (Array.isArray(value)) {
    for (const item of value) {
      if (item === undefined || item === null || item === "") continue;
      if (typeof item === "object") append(out, `${key}[]`, item);
      else out.push(`${key}[]=${encodePart(String(item))}`);
    }
    return;
  }
  if (value instanceof Date) {
    out.push(`${key}=${encodePart(value.toISOString())}`);
    return;
  }
  if (typeof value === "object") {
    for (const [child, childValue] of Object.entries(value as QueryInput)) append(out, `${key}[${encodePart(child)}]`, childValue);
    return;
  }
  out.push(`${key}=${encodePart(String(value))}`);
}

export function encodeQuery(input: QueryInput): string {
  const out: string[] = [];
  for (const [key, value] of Object.entries(input)) append(out, encodePart(key), value);
  return out.join("&");
}

/**
 * React-admin filter values → the wire's nested filter object. The console's convention (one, documented in
 * dataProvider.ts): filter values are already the wire's nested objects (`{profile: {full_name: {like: "x"}}}`);
 * a dotted key (`"profile.full_name"`) is expanded to the same nesting, and empty values are dropped.
 */
export function toWireFilter(filter: QueryInput | undefined): QueryInput {
  const out: QueryInput = {};
  for (const [key, value] of Object.entries(filter ?? {})) {
    const cleaned = clean(value);
    if (cleaned === undefined) continue;
    const path = key.split(".");
    let node = out;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        const existing = node[part];
        node[part] = isPlainObject(existing) && isPlainObject(cleaned) ? { ...existing, ...cleaned } : cleaned;
      } else {
        if (!isPlainObject(node[part])) node[part] = {};
        node = node[part] as QueryInput;
      }
    });
  }
  return out;
}

function isPlainObject(value: unknown): value is QueryInput {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function clean(value: unknown): unknown {
  if (value === undefined || value === null || value === "") return undefined;
  if (Array.isArray(value)) {
    const items = value.filter((item) => item !== undefined && item !== null && item !== "");
    return items.length ? items : undefined;
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value)
      .map(([k, v]) => [k, clean(v)] as const)
      .filter(([, v]) => v !== undefined);
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return value;
}
