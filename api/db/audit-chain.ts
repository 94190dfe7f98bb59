/**
 * Verifies the audit trail's hash chain (migration 0009): walks audit_events in id order, a page at a time by
 * keyset (`id > last`, the primary key's index: the same cost per page at any depth), and checks each row:
 *
 *   - its hash is sha256(prev_hash || its content), computed here (node:crypto) from the content the database
 *     serialises with audit_event_content(): a changed row fails here;
 *   - its prev_hash is the previous row's hash (the first row's is 64 zeros): a removed row fails here, at the row
 *     after the gap (and the ids around it name the gap), as does a row inserted with the triggers off;
 *   - the last row is the one the chain head (audit_chain_head) names: rows removed from the end fail here.
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

export async function verifyAuditChain(db: Db, opts: { pageSize?: number } = {}): Promise<ChainReport> {
  const pageSize = opts.pageSize ?? 5000;
  let previous: ChainHead | null = null;
  let count = 0;
  for (;;) {
    const after: number = previous?.id ?? 0;
    const page = (
      (await db.execute(sql`SELECT a.id, a.prev_hash, a.hash, audit_event_content(a) AS content
        FROM audit_events a WHERE a.id > ${after} ORDER BY a.id LIMIT ${pageSize}`)) as unknown as { rows: Row[] }
    ).rows;
    for (const row of page) {
      const id = Number(row.id);
      const expectedPrev: string = previous?.hash ?? GENESIS_HASH;
      const computed = createHash("sha256")
        .update(Buffer.from(row.prev_hash, "hex"))
        .update(row.content, "utf8")
        .digest("hex");
      if (computed !== row.hash) {
        return broken(count, { rowId: id, kind: "content", previousId: previous?.id ?? null, expected: computed, stored: row.hash, message: `row ${id} was changed: its hash does not match its content` });
      }
      if (row.prev_hash !== expectedPrev) {
        const from = previous ? previous.id + 1 : 1;
        const gap = id > from;
        return broken(count, {
          rowId: id,
          kind: gap ? "gap" : "link",
          previousId: previous?.id ?? null,
          expected: expectedPrev,
          stored: row.prev_hash,
          message: gap
            ? `row ${id} does not link to ${previous ? `row ${previous.id}` : "the start of the chain"}: ${from === id - 1 ? `row ${from} is` : `rows ${from}–${id - 1} are`} missing`
            : `row ${id} does not link to ${previous ? `row ${previous.id}` : "the start of the chain"}`,
        });
      }
      previous = { id, hash: row.hash };
      count++;
    }
    if (page.length < pageSize) break;
  }
  const [head] = ((await db.execute(sql`SELECT last_id, hash FROM audit_chain_head`)) as unknown as { rows: { last_id: number; hash: string }[] }).rows;
  const last: ChainHead | null = previous;
  if (head && (Number(head.last_id) !== (last?.id ?? 0) || head.hash !== (last?.hash ?? GENESIS_HASH))) {
    return broken(count, {
      rowId: Number(head.last_id),
      kind: "head",
      previousId: last?.id ?? null,
      expected: head.hash,
      stored: last?.hash ?? GENESIS_HASH,
      message:
        (last?.id ?? 0) < Number(head.last_id)
          ? `the chain ends at ${last ? `row ${last.id}` : "no row"} but its head names row ${head.last_id}: rows at the end are missing`
          : `the chain's head names row ${head.last_id} but the chain ends at row ${last?.id ?? 0}: rows were written outside the chain`,
    });
  }
  return { ok: true, count, head: last };
}

function broken(count: number, b: ChainBreak): ChainReport {
  return { ok: false, count, broken: b };
}
