type Plain = Record<string, unknown>;

const isPlain = (v: unknown): v is Plain => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * `patch` merged into `base` key by key, objects recursively (reference section 4.4: application fields are
 * deep-merged, so saving the landlord section never drops the employment one). Arrays and scalars replace.
 */
export function deepMerge(base: Plain, patch: Plain): Plain {
  const out: Plain = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    out[key] = isPlain(value) && isPlain(out[key]) ? deepMerge(out[key] as Plain, value) : value;
  }
  return out;
}

/** `{a: {b: 1}}` → `{"a.b": 1}`: one history entry per changed leaf. */
export function flattenPaths(value: Plain, prefix = ""): Plain {
  const out: Plain = {};
  for (const [key, v] of Object.entries(value)) {
    if (isPlain(v) && Object.keys(v).length > 0) Object.assign(out, flattenPaths(v, `${prefix}${key}.`));
    else out[`${prefix}${key}`] = v;
  }
  return out;
}
