import type { FastifyError, FastifyRequest } from "fastify";

/**
 * What the logs may keep of a request (issue 9, hole 9): signed download links, residents' upload links and reset or
 * invitation tokens in a path are bearer secrets, and query values carry names, emails, phone numbers and policy
 * numbers, so only the values of a few harmless parameters (paging, sorting, the agency narrowing) are written; every other value, and
 * every secret path segment, becomes REDACTED. Database errors lose their bound parameters (customer data).
 */
export const REDACTED = "[redacted]";

const SECRET_PATHS = [
  /^(\/v2\/files\/)[^/?#]+/,
  /^(\/auth\/(?:reset-password|accept-invitation)\/)[^/?#]+/,
  // A resident's upload link: the page and its calls (issue 17 section 2).
  /^(\/upload\/)[^/?#]+/,
  /^(\/v2\/upload_links\/)[^/?#]+/,
];
const KEPT_PARAMS = new Set(["pagination[page]", "pagination[per]", "sort[column]", "sort[direction]", "agency_id", "inline"]);

const decodeKey = (raw: string) => {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    return raw;
  }
};

export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  let path = q === -1 ? url : url.slice(0, q);
  for (const secret of SECRET_PATHS) path = path.replace(secret, `$1${REDACTED}`);
  if (q === -1) return path;
  const params = url
    .slice(q + 1)
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf("=");
      const rawKey = eq === -1 ? pair : pair.slice(0, eq);
      return KEPT_PARAMS.has(decodeKey(rawKey)) ? pair : `${rawKey}=${REDACTED}`;
    });
  return `${path}?${params.join("&")}`;
}

/** A database error's text without the `params:` line drizzle appends (the values bound to the query). */
const withoutParams = (text: string | undefined) => (text ?? "").replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, `\nparams: ${REDACTED}`);

export const logSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
  },
  err(error: FastifyError) {
    const cause = error.cause instanceof Error ? error.cause.message : undefined;
    return { type: error.name, message: withoutParams(error.message), stack: withoutParams(error.stack), code: error.code, statusCode: error.statusCode, cause };
  },
};
