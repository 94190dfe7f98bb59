/**
 * The OpenAPI 3.1 document, generated from the permission matrix (every endpoint, who may call it) and
 * the zod contract of each endpoint, with zod's own JSON Schema output (OpenAPI 3.1 schemas are JSON
 * Schema 2020-12). Served at GET /api/openapi.json.
 */
import { z } from "zod";
import { permissions, type EndpointKey } from "../domain/permissions.ts";
import { envelope, errorSchema, listEnvelope } from "./common.ts";
import * as account from "./account.ts";
import * as patientAccount from "./patient-account.ts";
import * as tasks from "./tasks.ts";
import * as users from "./users.ts";

type EndpointContract = {
  body?: z.ZodType;
  query?: z.ZodObject;
  /** The `data` of a success. */
  data?: z.ZodType;
  /** Items of a paged list (then the response has `pages`). */
  listItem?: z.ZodType;
  /** A list's own `pages` schema, when it carries more than { totalCount, page, perPage }. */
  pages?: z.ZodObject;
  /** Not JSON: a multipart request (file upload) and/or a binary response. */
  media?: { request?: "multipart/form-data"; response?: string };
};

/** Request and response schemas per endpoint. A new domain adds its entries here. */
export const contracts: Partial<Record<EndpointKey, EndpointContract>> = {
  "POST /api/v1/users/session-info": { data: users.sessionInfoSchema },
  "POST /actions/users/login": { body: users.loginRequestSchema, data: users.loginResponseSchema },
  "POST /api/v1/users/verify-totp": { body: users.verifyTotpRequestSchema, data: z.union([users.loginSuccessSchema, account.totpEnabledSchema]) },
  "GET /api/v1/profile": { data: users.profileSchema },
  "PUT /api/v1/profile": { body: users.profileUpdateSchema, data: users.profileSchema },
  "GET /api/v1/users": { query: users.usersQuerySchema, listItem: users.userListItemSchema },
  "GET /api/v1/users/:id": { data: z.object({ user: users.userListItemSchema }) },
  "POST /api/v1/track": { body: users.trackRequestSchema },
  "POST /actions/users/send-password-reset-email": { body: account.sendPasswordResetRequestSchema },
  "POST /actions/users/set-password": { body: account.setPasswordRequestSchema },
  "POST /actions/users/confirm-email": { body: account.confirmEmailRequestSchema, data: account.confirmEmailSchema },
  "POST /api/v1/users/update-password": { body: account.updatePasswordRequestSchema },
  "POST /api/v1/users/verify-email": { body: account.verifyEmailRequestSchema, data: account.emailRequestSchema },
  "GET /api/v1/users/get-totp-secret": { data: account.totpSecretSchema },
  "GET /api/v1/users/get-auth-methods": { data: account.authMethodsSchema },
  "POST /api/v1/users/disable-totp": { body: account.disableTotpRequestSchema },
  "GET /api/v1/users/sessions": { data: account.userSessionsSchema },
  "POST /api/v1/users/sessions/:id/revoke": { data: account.revokeSessionsSchema },
  "POST /api/v1/users/sessions/revoke-others": { data: account.revokeSessionsSchema },
  "GET /api/v1/dev/outbox": { query: account.outboxQuerySchema, data: account.outboxSchema },
  "GET /api/v2/tasks": { query: tasks.tasksQuerySchema, listItem: tasks.taskListItemSchema, pages: tasks.taskPagesSchema },
  "GET /api/v1/tasks/:id": { data: tasks.taskSchema },
  "POST /api/v1/tasks": { body: tasks.taskCreateSchema, data: tasks.taskSchema },
  "PUT /api/v1/tasks/:id": { body: tasks.taskUpdateSchema, data: tasks.taskSchema },
  "DELETE /api/v1/tasks/:id": { data: tasks.taskDeleteResultSchema },
  "POST /api/v2/tasks/mass-update": { body: tasks.tasksMassUpdateSchema, data: tasks.tasksMassResultSchema },
  "DELETE /api/v2/tasks/mass-delete": { body: tasks.tasksMassDeleteSchema, data: tasks.tasksMassResultSchema },
  "POST /api/v1/tasks/:id/comments": { body: tasks.taskCommentCreateSchema, data: tasks.descriptionUpdateSchema },
  // Patient account (api/contract/patient-account.ts). The avatar upload is multipart and the avatar and the
  // invoice PDF answer bytes: see `media` below.
  "POST /api/v1/profile/avatar": { data: users.profileSchema, media: { request: "multipart/form-data" } },
  "DELETE /api/v1/profile/avatar": { data: users.profileSchema },
  "GET /api/v1/avatars/:key": { media: { response: "image/png" } },
  "POST /actions/users/save-address": { body: patientAccount.saveAddressRequestSchema, data: users.addressSchema },
  "GET /api/v2/profile/payment-methods": { data: patientAccount.paymentMethodsSchema },
  "POST /api/v2/profile/payment-methods": { body: patientAccount.addCardRequestSchema, data: patientAccount.paymentMethodSchema },
  "PUT /api/v2/profile/primary-payment-method": { body: patientAccount.primaryPaymentMethodRequestSchema, data: patientAccount.paymentMethodsSchema },
  "DELETE /api/v2/profile/payment-method": { body: patientAccount.deletePaymentMethodRequestSchema, data: patientAccount.paymentMethodsSchema },
  "GET /api/v1/profile/portal-session": { data: patientAccount.portalSessionSchema },
  "PUT /api/v1/profile/chargebee-sync": { body: patientAccount.billingSyncRequestSchema, data: patientAccount.billingSyncSchema },
  "GET /api/v1/profile/invoices": { query: patientAccount.invoicesQuerySchema, listItem: patientAccount.invoiceSchema },
  "GET /api/v1/profile/invoices/:id/pdf": { media: { response: "application/pdf" } },
};

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
        ? { requestBody: { required: true, content: { [c.media.request]: { schema: { type: "object", properties: { avatar: { type: "string", format: "binary" } }, required: ["avatar"] } } } } }
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
