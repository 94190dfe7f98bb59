import type { Logger } from "./http/errors.ts";

const LEVELS = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 } as const;
export type LogLevel = keyof typeof LEVELS;

/**
 * One JSON line per event on stderr/stdout. Callers pass ids and codes only: never request bodies,
 * passwords, tokens, search text or health details.
 */
export function createLogger(level: LogLevel, name = "api"): Logger {
  const max = LEVELS[level];
  const write = (lvl: Exclude<LogLevel, "silent">, msg: string, meta?: Record<string, unknown>) => {
    if (LEVELS[lvl] > max) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: lvl, name, msg, ...meta });
    (lvl === "error" || lvl === "warn" ? process.stderr : process.stdout).write(line + "\n");
  };
  return {
    error: (m, meta) => write("error", m, meta),
    warn: (m, meta) => write("warn", m, meta),
    info: (m, meta) => write("info", m, meta),
  };
}

type DbErrorLike = { code?: unknown; table?: unknown; constraint?: unknown; column?: unknown; severity?: unknown };
const SQLSTATE = /^[0-9A-Z]{5}$/;
const IDENT = /^[a-z_][a-z0-9_]{0,62}$/;

/** The statement's verb and first table, read from the SQL text (never the parameters). */
function statementOf(query: string): string | undefined {
  const m = /^\s*(update)\s+"?([a-z_][a-z0-9_]*)"?/i.exec(query) ?? /^\s*(select|insert|delete|with)\b[\s\S]*?\b(?:from|into)\s+"?([a-z_][a-z0-9_]*)"?/i.exec(query);
  if (m) return `${m[1]!.toLowerCase()} ${m[2]!.toLowerCase()}`;
  const verb = /^\s*([a-z]+)/i.exec(query)?.[1];
  return verb ? verb.toLowerCase() : undefined;
}

/**
 * What a log line may say about an error. A failed query's message holds its SQL and every parameter
 * ("Failed query: … params: …", Drizzle), and a database error's message or detail can quote a value
 * ('invalid input syntax for type integer: "…"', 'Key (email)=(…) already exists'): for those only the
 * SQLSTATE, the statement's verb and table and the constraint are kept. Other errors keep their name and the
 * first line of their message (programming errors, which carry no request data).
 */
export function errorFields(err: unknown): Record<string, string> {
  if (!(err instanceof Error)) return { error: typeof err };
  const query = (err as { query?: unknown }).query;
  let db: DbErrorLike | undefined;
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as DbErrorLike).code;
    if (typeof code === "string" && SQLSTATE.test(code)) {
      db = e as DbErrorLike;
      break;
    }
  }
  if (typeof query !== "string" && !db) return { error: `${err.name}: ${err.message.split("\n")[0]}` };
  const fields: Record<string, string> = { error: "database error" };
  if (db && typeof db.code === "string") fields.sqlstate = db.code;
  const statement = typeof query === "string" ? statementOf(query) : undefined;
  if (statement) fields.statement = statement;
  for (const key of ["table", "constraint", "column"] as const) {
    const value = db?.[key];
    if (typeof value === "string" && IDENT.test(value)) fields[key] = value;
  }
  return fields;
}
