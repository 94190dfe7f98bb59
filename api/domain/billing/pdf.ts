/**
 * Invoice PDFs, generated on the server with pdf-lib (pure JavaScript, standard Helvetica fonts): clinic name,
 * patient name and email, invoice number, status, period, issue and due dates, the lines, the total, and the
 * amounts paid and due. Amounts in US dollars with cents (spec §9: currency usd, en-US).
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { Invoice } from "../../contract/patient-account.ts";

/** Who issues the invoices. */
export const CLINIC = {
  name: "Telehealth Clinic",
  lines: ["Telehealth and online pharmacy", "support@telehealth.local"],
} as const;

export type InvoicePdfInput = { invoice: Invoice; patient: { fullName: string; email: string } };

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase(), minimumFractionDigits: 2 }).format(cents / 100);

/** mm/dd/yyyy (spec §9) from "yyyy-MM-dd". */
const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

export type TextOptions = { font?: PDFFont; size?: number; alignRight?: boolean; grey?: boolean };

/**
 * A one-page US Letter document of the clinic with its letterhead (the clinic's name and lines, `heading` on the right),
 * for the patients' invoices and the providers' payout statements: the document, its two fonts, a `text` drawer that
 * shows characters outside Helvetica's WinAnsi as "?", the margins, and where the content starts (`y`).
 */
export async function clinicDocument(title: string, heading: string, created: Date, headingSize = 18) {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor(CLINIC.name);
  doc.setCreator(CLINIC.name);
  doc.setProducer(CLINIC.name);
  doc.setCreationDate(created);
  doc.setModificationDate(created);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]); // US Letter
  const left = 56;
  const right = 556;
  // Helvetica covers WinAnsi only: other characters (a name in another script) are shown as "?".
  const charsets = new Map<PDFFont, Set<number>>();
  const safe = (font: PDFFont, value: string) => {
    let set = charsets.get(font);
    if (!set) charsets.set(font, (set = new Set(font.getCharacterSet())));
    return [...value].map((ch) => (set.has(ch.codePointAt(0)!) ? ch : "?")).join("");
  };
  const text = (p: PDFPage, s: string, x: number, yy: number, opts: TextOptions = {}) => {
    const font = opts.font ?? regular;
    const size = opts.size ?? 10;
    const value = safe(font, s);
    const width = font.widthOfTextAtSize(value, size);
    p.drawText(value, { x: opts.alignRight ? x - width : x, y: yy, size, font, color: opts.grey ? rgb(0.35, 0.35, 0.4) : rgb(0.1, 0.1, 0.12) });
  };
  let y = 736;
  text(page, CLINIC.name, left, y, { font: bold, size: 18 });
  text(page, heading, right, y, { font: bold, size: headingSize, alignRight: true });
  y -= 18;
  for (const line of CLINIC.lines) {
    text(page, line, left, y, { grey: true });
    y -= 13;
  }
  y -= 16;
  /** Who the document is for (label, name, address) on the left, its facts (label: value) on the right; the y below both. */
  const partyAndFacts = (from: number, label: string, person: { fullName: string; email: string }, facts: [string, string][]) => {
    let py = from;
    text(page, label, left, py, { font: bold });
    py -= 14;
    text(page, person.fullName || person.email, left, py);
    py -= 13;
    text(page, person.email, left, py, { grey: true });
    let fy = from;
    for (const [name, value] of facts) {
      text(page, name, 360, fy, { grey: true });
      text(page, value, right, fy, { font: bold, alignRight: true });
      fy -= 14;
    }
    return Math.min(py, fy) - 28;
  };
  /** The lines' table header (description, quantity, unit amount, amount) on a shaded band; the y of the first line. */
  const tableHeader = (from: number, [description, qty, unit, amount]: [string, string, string, string]) => {
    page.drawRectangle({ x: left, y: from - 6, width: right - left, height: 20, color: rgb(0.94, 0.95, 0.97) });
    text(page, description, left + 6, from, { font: bold });
    text(page, qty, 380, from, { font: bold, alignRight: true });
    text(page, unit, 460, from, { font: bold, alignRight: true });
    text(page, amount, right - 6, from, { font: bold, alignRight: true });
    return from - 24;
  };
  /** The rule under the lines; the y of the totals. */
  const totalsRule = (from: number) => {
    page.drawLine({ start: { x: left, y: from + 8 }, end: { x: right, y: from + 8 }, thickness: 0.5, color: rgb(0.8, 0.8, 0.85) });
    return from - 8;
  };
  return { doc, page, regular, bold, left, right, y, text, partyAndFacts, tableHeader, totalsRule };
}

export async function renderInvoicePdf({ invoice, patient }: InvoicePdfInput): Promise<Buffer> {
  const letterhead = await clinicDocument(`Invoice ${invoice.number}`, "INVOICE", new Date(invoice.issuedOn + "T00:00:00Z"));
  const { doc, page, regular, bold, left, right, text, partyAndFacts, tableHeader, totalsRule } = letterhead;
  let { y } = letterhead;

  const facts: [string, string][] = [
    ["Invoice number", invoice.number],
    ["Status", invoice.statusLabel],
    ["Billing period", `${usDate(invoice.periodStart)} - ${usDate(invoice.periodEnd)}`],
    ["Issued", usDate(invoice.issuedOn)],
    ["Due", invoice.dueOn ? usDate(invoice.dueOn) : "-"],
  ];
  if (invoice.paidAt) facts.push(["Paid", usDate(invoice.paidAt.slice(0, 10))]);
  y = partyAndFacts(y, "Billed to", patient, facts);
  y = tableHeader(y, ["Description", "Qty", "Unit price", "Amount"]);
  for (const line of invoice.lines) {
    const description = line.description.length > 60 ? line.description.slice(0, 59) + "..." : line.description;
    text(page, description, left + 6, y);
    text(page, String(line.quantity), 380, y, { alignRight: true });
    text(page, money(line.unitAmountCents, invoice.currency), 460, y, { alignRight: true });
    text(page, money(line.amountCents, invoice.currency), right - 6, y, { alignRight: true });
    y -= 18;
    if (y < 140) break;
  }
  y = totalsRule(y);
  const totals: [string, number][] = [
    ["Total", invoice.amountCents],
    ["Amount paid", invoice.amountPaidCents],
    ["Amount due", invoice.amountDueCents],
  ];
  for (const [label, cents] of totals) {
    text(page, label, 460, y, { font: label === "Total" ? bold : regular, alignRight: true });
    text(page, money(cents, invoice.currency), right - 6, y, { font: label === "Total" ? bold : regular, alignRight: true });
    y -= 16;
  }

  text(page, `Amounts in ${invoice.currency.toUpperCase()}. Questions about this invoice? Message our support team from your account.`, left, 64, { size: 8, grey: true });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
