/**
 * The OpenAPI 3.1 document, generated from the permission matrix (every endpoint, who may call it) and
 * the zod contract of each endpoint, with zod's own JSON Schema output (OpenAPI 3.1 schemas are JSON
 * Schema 2020-12). Served at GET /api/openapi.json.
 */
import { z } from "zod";
import { permissions, type EndpointKey } from "../domain/permissions.ts";
import { envelope, errorSchema, listEnvelope } from "./common.ts";
import { contracts } from "./endpoints.ts";

const json = (schema: z.ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" });

export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const key of Object.keys(permissions) as EndpointKey[]) {
    const [method, rawPath] = key.split(" ") as [string, string];
    const path = rawPath.replace(/:(\w+)/g, "{$1}");
    const c = contracts[key] ?? {};
    const rule = permissions[key];
    const parameters = [
      ...[...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } })),
      ...Object.entries(c.query?.shape ?? {}).map(([name, schema]) => ({
        name,
        in: "query",
        required: !(schema as z.ZodType).safeParse(undefined).success,
        schema: json(schema as z.ZodType, "input"),
      })),
    ];
    const success = c.listItem ? (c.pages ? listEnvelope(c.listItem).extend({ pages: c.pages }) : listEnvelope(c.listItem)) : c.data ? envelope(c.data) : envelope(z.null());
    const csrf = method !== "GET" && !("csrf" in rule && rule.csrf === false);
    (paths[path] ??= {})[method.toLowerCase()] = {
      summary: rule.summary,
      description: `Roles: ${rule.roles.join(", ")}.` + (csrf ? " Requires the X-CSRF-Token header." : ""),
      ...(parameters.length ? { parameters } : {}),
      ...(c.body ? { requestBody: { required: true, content: { "application/json": { schema: json(c.body, "input") } } } } : {}),
      ...(c.media?.request
        ? { requestBody: { required: true, content: { [c.media.request]: { schema: { type: "object", properties: { [c.media.field ?? "avatar"]: { type: "string", format: "binary" } }, required: [c.media.field ?? "avatar"] } } } } }
        : {}),
      responses: {
        200: c.media?.response
          ? { description: "Success", content: { [c.media.response]: { schema: { type: "string", format: "binary" } } } }
          : { description: "Success", content: { "application/json": { schema: json(success, "output") } } },
        400: { description: "Invalid input", content: { "application/json": { schema: json(errorSchema, "output") } } },
        401: { description: "Not signed in. When the request carried a session that has ended, `data.sessionEnded` says why: \"expired\" (timed out) or \"revoked\"." },
        403: { description: "Not allowed, or CSRF token missing" },
        404: { description: "No such record, or not yours" },
        429: { description: "Too many attempts; see the Retry-After header" },
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Telehealth upstream API", version: "1.0.0" },
    components: { securitySchemes: { session: { type: "apiKey", in: "cookie", name: "th_session" } } },
    security: [{ session: [] }],
    paths,
  };
}
