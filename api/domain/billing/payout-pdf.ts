/**
 * A provider's payout statement as a PDF (issue 19 part B), made as the patients' invoice PDFs are (./pdf.ts:
 * pdf-lib, standard Helvetica): the clinic, the provider, the invoice number, status, period, payout date, the
 * reviews and visits at their rates, and the total. Amounts in US dollars with cents, dates mm/dd/yyyy (spec §9).
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { PayoutInvoice } from "../../contract/payouts.ts";
import { CLINIC } from "./pdf.ts";

const money = (cents: number) => new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 }).format(cents / 100);
/** mm/dd/yyyy of an instant, in Pacific time (the schedule's and the staff pages' zone for payouts). */
const usDate = (isoText: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: "America/Los_Angeles", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(isoText.length === 10 ? `${isoText}T12:00:00Z` : isoText));

export async function renderPayoutPdf(invoice: PayoutInvoice, provider: { fullName: string; email: string }): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Payout statement ${invoice.number}`);
  doc.setAuthor(CLINIC.name);
  doc.setCreator(CLINIC.name);
  doc.setProducer(CLINIC.name);
  doc.setCreationDate(new Date(invoice.createdAt));
  doc.setModificationDate(new Date(invoice.createdAt));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  const left = 56;
  const right = 556;
  let y = 736;
  const charsets = new Map<PDFFont, Set<number>>();
  const safe = (font: PDFFont, s: string) => {
    let set = charsets.get(font);
    if (!set) charsets.set(font, (set = new Set(font.getCharacterSet())));
    return [...s].map((ch) => (set.has(ch.codePointAt(0)!) ? ch : "?")).join("");
  };
  const text = (p: PDFPage, s: string, x: number, yy: number, opts: { font?: PDFFont; size?: number; alignRight?: boolean; grey?: boolean } = {}) => {
    const font = opts.font ?? regular;
    const size = opts.size ?? 10;
    const value = safe(font, s);
    const width = font.widthOfTextAtSize(value, size);
    p.drawText(value, { x: opts.alignRight ? x - width : x, y: yy, size, font, color: opts.grey ? rgb(0.35, 0.35, 0.4) : rgb(0.1, 0.1, 0.12) });
  };

  text(page, CLINIC.name, left, y, { font: bold, size: 18 });
  text(page, "PAYOUT STATEMENT", right, y, { font: bold, size: 16, alignRight: true });
  y -= 18;
  for (const line of CLINIC.lines) {
    text(page, line, left, y, { grey: true });
    y -= 13;
  }
  y -= 16;
  const top = y;
  text(page, "Paid to", left, y, { font: bold });
  y -= 14;
  text(page, provider.fullName || provider.email, left, y);
  y -= 13;
  text(page, provider.email, left, y, { grey: true });
  const facts: [string, string][] = [
    ["Invoice number", invoice.number],
    ["Status", invoice.status === "paid" ? "Paid" : "Open"],
    ["Period", `${usDate(invoice.periodStart)} - ${usDate(invoice.periodEnd)}`],
    ["Requested", usDate(invoice.createdAt)],
    ["Payout date", usDate(invoice.payoutDate)],
  ];
  let fy = top;
  for (const [label, value] of facts) {
    text(page, label, 360, fy, { grey: true });
    text(page, value, right, fy, { font: bold, alignRight: true });
    fy -= 14;
  }
  y = Math.min(y, fy) - 28;
  page.drawRectangle({ x: left, y: y - 6, width: right - left, height: 20, color: rgb(0.94, 0.95, 0.97) });
  text(page, "Work", left + 6, y, { font: bold });
  text(page, "Qty", 380, y, { font: bold, alignRight: true });
  text(page, "Rate", 460, y, { font: bold, alignRight: true });
  text(page, "Amount", right - 6, y, { font: bold, alignRight: true });
  y -= 24;
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
  page.drawLine({ start: { x: left, y: y + 8 }, end: { x: right, y: y + 8 }, thickness: 0.5, color: rgb(0.8, 0.8, 0.85) });
  y -= 8;
  text(page, "Total", 460, y, { font: bold, alignRight: true });
  text(page, money(invoice.amountCents), right - 6, y, { font: bold, alignRight: true });
  text(page, "Amounts in USD. Questions about this statement? Ask your provider manager.", left, 64, { size: 8, grey: true });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
