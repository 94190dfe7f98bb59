/**
 * Demo data of the pharmacy (issue 16 part A), after every other demo row:
 *  - coupons: WELCOME10 (10 % off any first order), SAVE20 ($20 off, 6-month plans only), HAIR15 (15 % off haircare),
 *    EXPIRED5 (ended yesterday) and USEDUP (its one use taken): every answer of a coupon code shows in the demo.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";

export const DEMO_COUPONS = { welcome: "WELCOME10", sixMonth: "SAVE20", haircare: "HAIR15", expired: "EXPIRED5", usedUp: "USEDUP" } as const;

export async function seedDemoPharmacy(db: Db): Promise<void> {
  await db.execute(sql`
    insert into coupons (code, percent_off, amount_off_cents, period_months, section_type, ends_at, max_redemptions, redemptions)
    values ('WELCOME10', 10, null, null, null, null, null, 0),
           ('SAVE20', null, 2000, 6, null, null, null, 0),
           ('HAIR15', 15, null, null, 4, null, null, 0),
           ('EXPIRED5', 5, null, null, null, now() - interval '1 day', null, 0),
           ('USEDUP', 10, null, null, null, null, 1, 1)
    on conflict do nothing`);
}
