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
