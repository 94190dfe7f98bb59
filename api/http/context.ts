import type { Request } from "express";
import type { ApiConfig } from "../config.ts";
import type { Database, Db } from "../db/client.ts";
import type { Jobs } from "../jobs/queue.ts";
import type { Role, UserRole } from "../contract/roles.ts";
import type { Logger } from "./errors.ts";

export type AuthUser = {
  id: number;
  email: string;
  role: UserRole;
  fullName: string;
  locale: "en-US" | "es-US";
};

/** Who is calling: a guest, or a user with a live session. */
export type Auth = {
  role: Role;
  user: AuthUser | null;
  sessionId: number | null;
  /** What the CSRF token is bound to: the session token hash, or the guest nonce. */
  csrfBinding: string | null;
  /** A session cookie was presented but had expired or been revoked. */
  sessionEnded: "expired" | "revoked" | null;
};

export type ApiDeps = {
  config: ApiConfig;
  db: Db;
  logger: Logger;
  /** The job queue (api/jobs/queue.ts): `jobs.send(name, data, { tx })`. */
  jobs: Jobs;
  /** The database itself, for what Drizzle does not do (LISTEN: `database.listen`). */
  database: Database;
};

declare module "express-serve-static-core" {
  interface Request {
    auth: Auth;
    deps: ApiDeps;
  }
}

export function clientIp(req: Request): string | null {
  return req.ip ?? req.socket.remoteAddress ?? null;
}
