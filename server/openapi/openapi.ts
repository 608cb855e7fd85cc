import { readFileSync } from "node:fs";
import fastifySwagger from "@fastify/swagger";
import type { FastifyInstance, RouteOptions } from "fastify";
import { createJsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { ROLE_PREFIX } from "../../src/domain/roles";

/**
 * The OpenAPI document, generated from the routes' own zod schemas (the ones that validate every call), served at
 * `/v2/openapi.json`, with a reference page at `/v2/docs` that renders it. The page is a file and its script another
 * (no inline script or style, so it passes a strict Content-Security-Policy) and needs nothing from another origin.
 *
 * Each signed-in route is documented once, unprefixed; the role prefixes and the `/api` aliases answer the same.
 */
const zodTransform = createJsonSchemaTransform({ skipList: [] });

const DESCRIPTION = `The API behind the Coverdesk console. Every call is documented once, unprefixed: a signed-in call also
answers under its caller's role prefix (${Object.values(ROLE_PREFIX)
  .map((p) => `\`/v2/${p}/…\``)
  .join(", ")}), and a prefix that is not the caller's role answers 403. Sign in with \`POST /v2/staff/auth/sign_in\`
and send back the headers it answers (\`access-token\`, \`client\`, \`uid\`, \`token-type\`, \`expiry\`).

Errors: 401 not signed in; 401 \`{error: "permission_not_enabled"}\` when a permission key is off; 403 wrong role or
out of scope; 404 missing or out of scope; 422 \`{message, errors: {field: text}}\`; 429 throttled; 5xx never shows
internals. Lists take \`sort[column]\`, \`sort[direction]\`, \`pagination[page]\` (1-based), \`pagination[per]\`
(at most 1000) and \`filter[…]\`; the filters a list knows are named in its schema (\`x-filter-type\`).`;

const files = (name: string) => readFileSync(new URL(`./${name}`, import.meta.url), "utf8");

/** The area a path belongs to, as the document's tag: `/v2/policies/{id}/history` → "policies". */
function tagOf(url: string): string {
  if (url.startsWith("/v2/staff/auth/")) return "session";
  if (url.includes("global_agency_permissions")) return "permissions";
  return url.replace(/^\/v2\//, "").split("/")[0].replace(/_index$/, "") || "v2";
}

type TransformInput = Parameters<typeof zodTransform>[0] & { route: RouteOptions };

function transform(doc: TransformInput) {
  const { route, url } = doc;
  const config = (route.config ?? {}) as { signedIn?: boolean; rolePrefix?: string; access?: { resource: string; action: string } };
  if (!url.startsWith("/v2/") || config.rolePrefix || url.startsWith("/v2/docs") || url === "/v2/openapi.json") {
    return { schema: { hide: true }, url };
  }
  const out = zodTransform(doc);
  const access = config.access ? `Needs \`${config.access.resource}\` / \`${config.access.action}\` in the permission table.` : "";
  return {
    url: out.url,
    schema: {
      ...out.schema,
      tags: [tagOf(url)],
      summary: `${[route.method].flat().join(", ")} ${url}`,
      ...(access ? { description: access } : {}),
      ...(config.signedIn ? { security: [{ accessToken: [], client: [], uid: [] }] } : {}),
    },
  };
}

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Coverdesk API", version: "2", description: DESCRIPTION },
      components: {
        securitySchemes: {
          accessToken: { type: "apiKey", in: "header", name: "access-token" },
          client: { type: "apiKey", in: "header", name: "client" },
          uid: { type: "apiKey", in: "header", name: "uid" },
        },
      },
    },
    transform: transform as never,
    transformObject: jsonSchemaTransformObject,
  });

  const page = { html: files("reference.html"), js: files("reference.js"), css: files("reference.css") };
  app.get("/v2/openapi.json", async (_request, reply) => {
    reply.header("cache-control", "no-cache");
    return app.swagger();
  });
  app.get("/v2/docs", async (_request, reply) => reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(page.html));
  app.get("/v2/docs/reference.js", async (_request, reply) => reply.type("text/javascript; charset=utf-8").send(page.js));
  app.get("/v2/docs/reference.css", async (_request, reply) => reply.type("text/css; charset=utf-8").send(page.css));
}
