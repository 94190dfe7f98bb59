/**
 * Verifies the audit trail's hash chain (migration 0009): walks audit_events in id order, a page at a time by
 * keyset (`id > last`, the primary key's index: the same cost per page at any depth), and checks each row:
 *
 *   - its hash is sha256(prev_hash || its content), computed here (node:crypto) from the content the database
 *     serialises with audit_event_content(): a changed row fails here;
 *   - its prev_hash is the previous row's hash (the first row's is 64 zeros): a removed row fails here, at the row
 *     after the gap (and the ids around it name the gap), as does a row inserted with the triggers off;
 *   - the last row is the one the chain head (audit_chain_head) names: rows removed from the end fail here.
 *     The head is read first and the walk stops at it, so a check on a live database sees the rows committed
 *     before it started (rows appended meanwhile are the next check's).
 *
 * The answer names the first broken link only: every link after it may be fine or not, it cannot be trusted.
 * What the chain cannot show alone is a whole chain recomputed by someone holding the owner role: keep the head
 * (the last id and hash this prints) somewhere the database's owner cannot write, and compare.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";

export const GENESIS_HASH = "0".repeat(64);

export type ChainHead = { id: number; hash: string };

export type ChainBreak = {
  /** The first row whose link or content does not hold (the head's id when rows are missing at the end). */
  rowId: number;
  kind: "content" | "link" | "gap" | "head";
  /** The row before it, when there is one. */
  previousId: number | null;
  expected: string;
  stored: string;
  message: string;
};

export type ChainReport = { ok: true; count: number; head: ChainHead | null } | { ok: false; count: number; broken: ChainBreak };

type Row = { id: number; prev_hash: string; hash: string; content: string };
type HeadRow = { last_id: number; hash: string };

const readHead = async (db: Db): Promise<HeadRow | undefined> =>
  ((await db.execute(sql`SELECT last_id, hash FROM audit_chain_head`)) as unknown as { rows: HeadRow[] }).rows[0];

const readRows = async (db: Db, after: number, until: number, limit: number): Promise<Row[]> =>
  (
    (await db.execute(sql`SELECT a.id, a.prev_hash, a.hash, audit_event_content(a) AS content
      FROM audit_events a WHERE a.id > ${after} AND a.id <= ${until} ORDER BY a.id LIMIT ${limit}`)) as unknown as { rows: Row[] }
  ).rows;

/** The break at `row`, which follows `previous` (null: the first row), or null when the link and the content hold. */
function checkRow(row: Row, previous: ChainHead | null): ChainBreak | null {
  const id = Number(row.id);
  const computed = createHash("sha256").update(Buffer.from(row.prev_hash, "hex")).update(row.content, "utf8").digest("hex");
  const previousId = previous?.id ?? null;
  if (computed !== row.hash) {
    return { rowId: id, kind: "content", previousId, expected: computed, stored: row.hash, message: `row ${id} was changed: its hash does not match its content` };
  }
  const expectedPrev = previous?.hash ?? GENESIS_HASH;
  if (row.prev_hash === expectedPrev) return null;
  const before = previous ? `row ${previous.id}` : "the start of the chain";
  const from = (previous?.id ?? 0) + 1;
  const missing = id > from ? `: ${from === id - 1 ? `row ${from} is` : `rows ${from}–${id - 1} are`} missing` : "";
  return { rowId: id, kind: missing ? "gap" : "link", previousId, expected: expectedPrev, stored: row.prev_hash, message: `row ${id} does not link to ${before}${missing}` };
}

export async function verifyAuditChain(db: Db, opts: { pageSize?: number } = {}): Promise<ChainReport> {
  const pageSize = opts.pageSize ?? 5000;
  // The head first, and the walk stops at it: rows that instances append meanwhile are the next check's (the head
  // commits with its row, and every row before it committed earlier, so the walk sees a consistent chain).
  const head = await readHead(db);
  if (!head) throw new Error("audit_chain_head has no row: migration 0009 has not run");
  const headId = Number(head.last_id);
  let previous: ChainHead | null = null;
  let count = 0;
  for (;;) {
    const page = await readRows(db, previous?.id ?? 0, headId, pageSize);
    for (const row of page) {
      const b = checkRow(row, previous);
      if (b) return { ok: false, count, broken: b };
      previous = { id: Number(row.id), hash: row.hash };
      count++;
    }
    if (page.length < pageSize) break;
  }
  const lastId = previous?.id ?? 0;
  const lastHash = previous?.hash ?? GENESIS_HASH;
  if (lastId !== headId || lastHash !== head.hash) {
    const message =
      lastId < headId
        ? `the chain ends at ${previous ? `row ${lastId}` : "no row"} but its head names row ${headId}: rows at the end are missing`
        : `row ${headId} does not hold the hash the chain's head names: it was replaced`;
    return { ok: false, count, broken: { rowId: headId, kind: "head", previousId: previous?.id ?? null, expected: head.hash, stored: lastHash, message } };
  }
  // The row after the head, if one was appended meanwhile, must continue the chain; and a row that no head has
  // named (the head lies behind it) was written with the triggers off.
  const [next] = await readRows(db, headId, 2 ** 31 - 1, 1);
  if (next) {
    const b = checkRow(next, previous);
    if (b) return { ok: false, count, broken: b };
    const now = await readHead(db);
    if (Number(now!.last_id) < Number(next.id)) {
      const id = Number(next.id);
      return { ok: false, count, broken: { rowId: id, kind: "head", previousId: lastId, expected: now!.hash, stored: next.hash, message: `row ${id} was written outside the chain: its head names row ${now!.last_id}` } };
    }
  }
  return { ok: true, count, head: previous };
}

/** What `npm run audit:verify` prints, and its exit code (1 for a broken chain). */
export function describeChainReport(report: ChainReport): { lines: string[]; exitCode: 0 | 1 } {
  if (report.ok) {
    const head = report.head ? `; head: row ${report.head.id} ${report.head.hash}` : "";
    return { lines: [`audit chain OK: ${report.count.toLocaleString("en-US")} rows${head}`], exitCode: 0 };
  }
  const b = report.broken;
  return {
    lines: [
      `audit chain BROKEN at row ${b.rowId}: ${b.message}`,
      `  expected ${b.expected}`,
      `  stored   ${b.stored}`,
      `  ${report.count.toLocaleString("en-US")} rows before it verified`,
    ],
    exitCode: 1,
  };
}
