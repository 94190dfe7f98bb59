/**
 * Renewals as jobs (issue 16 part B). Awaiting the lead's commerce and jobs core (api/jobs/queue.ts,
 * api/domain/commerce/): until it lands, a request only records its state on the subscription (resume_requested_at,
 * next_charge_at) and nothing is enqueued.
 */
import type { Request } from "express";
import type { Db } from "../db/client.ts";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export async function requestResume(_deps: Request["deps"], _tx: Tx, _subscriptionId: number): Promise<void> {}
export async function requestRenewal(_deps: Request["deps"], _tx: Tx, _subscriptionId: number, _periodStart: Date): Promise<void> {}
