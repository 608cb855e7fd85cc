import { ValidationError } from "./errors";

/**
 * Rails-style bracket query strings (`filter[profile][full_name][like]=x`, `filter[id][]=1&filter[id][]=2`)
 * parsed into nested objects, so GET lists and `POST …_index` bodies share one shape (DESIGN.md section 3, Lists).
 *
 * Untrusted input (DESIGN.md section 3): every object is made without a prototype, so no key can reach
 * `Object.prototype`, and the keys `__proto__`, `constructor` and `prototype` are refused outright (a 422 naming
 * the key), in query strings, multipart field names and JSON bodies alike.
 */
export type QueryValue = string | QueryValue[] | { [key: string]: QueryValue };
export type QueryObject = { [key: string]: QueryValue };

const MAX_DEPTH = 6;
const MAX_PARAMS = 500;

export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** Where a parsed query keeps the first forbidden parameter it met (the router's parser must not throw). */
const REFUSED = Symbol("refused-key");

export const forbiddenKeyError = (param: string) =>
  new ValidationError({ [param]: "is not an allowed parameter name" }, `The parameter name ${param} is not allowed`);

const emptyObject = (): QueryObject => Object.create(null) as QueryObject;

/**
 * The router's parser: never throws (an exception there would take the process down), so a forbidden key is only
 * recorded; `refusedParam` reads it and an onRequest hook answers 422.
 */
export function parseBracketQuery(raw: string): QueryObject {
  const result = emptyObject();
  const params = new URLSearchParams(raw);
  let count = 0;
  for (const [fullKey, value] of params) {
    if (++count > MAX_PARAMS) break;
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(fullKey);
    const path = match ? [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])].slice(0, MAX_DEPTH) : [fullKey];
    if (path.some((key) => FORBIDDEN_KEYS.has(key))) {
      if (!(REFUSED in result)) Object.defineProperty(result, REFUSED, { value: fullKey, enumerable: false });
      continue;
    }
    assign(result, path, value);
  }
  return result;
}

/** The forbidden parameter a parsed query met, if any. */
export function refusedParam(query: unknown): string | undefined {
  return typeof query === "object" && query !== null ? (query as { [REFUSED]?: string })[REFUSED] : undefined;
}

/** For parsing inside a handler (multipart field names): a forbidden key is a 422 at once. */
export function parseBracketQueryStrict(raw: string): QueryObject {
  const result = parseBracketQuery(raw);
  const refused = refusedParam(result);
  if (refused) throw forbiddenKeyError(refused);
  return result;
}

/**
 * JSON.parse refusing the forbidden keys at any depth (the app's JSON body parser). The keys are checked on the parsed
 * tree, not by a reviver: proof extraction loads pdfjs-dist's legacy build, whose core-js polyfill replaces JSON.parse
 * for every caller, and its reviver path read broken JSON ("{") as `{}`. Without a reviver it hands over to the native
 * parser. JSON.parse makes `__proto__` an own key, so the walk sees it.
 */
export function parseJsonStrict(text: string): unknown {
  const parsed: unknown = JSON.parse(text);
  const pending: unknown[] = [parsed];
  while (pending.length) {
    const node = pending.pop();
    if (typeof node !== "object" || node === null) continue;
    for (const key of Object.keys(node)) {
      if (FORBIDDEN_KEYS.has(key)) throw forbiddenKeyError(key);
      pending.push((node as Record<string, unknown>)[key]);
    }
  }
  return parsed;
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
    if (typeof child !== "object" || child === null || Array.isArray(child)) node[key] = emptyObject();
    node = node[key] as QueryObject;
  }
}
