/**
 * A provider's payout statement as a PDF (issue 19 part B), made as the patients' invoice PDFs are (./pdf.ts:
 * pdf-lib, standard Helvetica): the clinic, the provider, the invoice number, status, period, payout date, the
 * reviews and visits at their rates, and the total. Amounts in US dollars with cents, dates mm/dd/yyyy (spec §9).
 */
import type { PayoutInvoice } from "../../contract/payouts.ts";
import { clinicDocument } from "./pdf.ts";

const money = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 }).format(cents / 100);
/** mm/dd/yyyy of an instant, in Pacific time (the schedule's and the staff pages' zone for payouts). */
const usDate = (isoText: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "America/Los_Angeles", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(isoText.length === 10 ? `${isoText}T12:00:00Z` : isoText));

export async function renderPayoutPdf(invoice: PayoutInvoice, provider: { fullName: string; email: string }): Promise<Buffer> {
  const letterhead = await clinicDocument(`Payout statement ${invoice.number}`, "PAYOUT STATEMENT", new Date(invoice.createdAt), 16);
  const { doc, page, bold, left, right, text, partyAndFacts, tableHeader, totalsRule } = letterhead;
  let { y } = letterhead;
  const facts: [string, string][] = [
    ["Invoice number", invoice.number],
    ["Status", invoice.status === "paid" ? "Paid" : "Open"],
    ["Period", `${usDate(invoice.periodStart)} - ${usDate(invoice.periodEnd)}`],
    ["Requested", usDate(invoice.createdAt)],
    ["Payout date", usDate(invoice.payoutDate)],
  ];
  y = partyAndFacts(y, "Paid to", provider, facts);
  y = tableHeader(y, ["Work", "Qty", "Rate", "Amount"]);
  const lines: [string, number, number][] = [
    ["Completed reviews", invoice.reviews, invoice.reviewRateCents],
    ["Recorded visits", invoice.visits, invoice.visitRateCents],
  ];
  for (const [label, qty, rate] of lines) {
    text(page, label, left + 6, y);
    text(page, String(qty), 380, y, { alignRight: true });
    text(page, money(rate), 460, y, { alignRight: true });
    text(page, money(qty * rate), right - 6, y, { alignRight: true });
    y -= 18;
  }
  y = totalsRule(y);
  text(page, "Total", 460, y, { font: bold, alignRight: true });
  text(page, money(invoice.amountCents), right - 6, y, { font: bold, alignRight: true });
  text(page, "Amounts in USD. Questions about this statement? Ask your provider manager.", left, 64, { size: 8, grey: true });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
