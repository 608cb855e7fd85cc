/**
 * Rails-style bracket query strings (`filter[profile][full_name][like]=x`, `filter[id][]=1&filter[id][]=2`)
 * parsed into nested objects, so GET lists and `POST …_index` bodies share one shape (DESIGN.md section 3, Lists).
 */
export type QueryValue = string | QueryValue[] | { [key: string]: QueryValue };
export type QueryObject = { [key: string]: QueryValue };

const MAX_DEPTH = 6;
const MAX_PARAMS = 500;

export function parseBracketQuery(raw: string): QueryObject {
  const result: QueryObject = {};
  const params = new URLSearchParams(raw);
  let count = 0;
  for (const [fullKey, value] of params) {
    if (++count > MAX_PARAMS) break;
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(fullKey);
    if (!match) {
      result[fullKey] = value;
      continue;
    }
    const path = [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])].slice(0, MAX_DEPTH);
    assign(result, path, value);
  }
  return result;
}

function assign(target: QueryObject, path: string[], value: string): void {
  let node: QueryObject = target;
  for (let i = 0; i < path.length; i++) {
    const key = path[i];
    const isLast = i === path.length - 1;
    const nextIsArray = path[i + 1] === "";
    if (isLast) {
      node[key] = value;
      return;
    }
    if (nextIsArray && i + 1 === path.length - 1) {
      const existing = node[key];
      node[key] = Array.isArray(existing) ? [...existing, value] : [value];
      return;
    }
    const child = node[key];
    if (typeof child !== "object" || child === null || Array.isArray(child)) node[key] = {};
    node = node[key] as QueryObject;
  }
}
