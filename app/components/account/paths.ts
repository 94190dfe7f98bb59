/** Paths of the patient account pages (spec §2) and their query parameters. */
export const ACCOUNT_PATHS = {
  profile: "/patient/account/profile",
  pharmacy: "/patient/account/pharmacy",
  billing: "/patient/account/billing",
  paymentDetails: "/patient/account/payment-details",
  security: "/patient/account/security",
} as const;

/** The invoice PDF download (app/routes/patient/account/invoice-pdf.ts). */
export const invoicePdfPath = (id: number | string) => `${ACCOUNT_PATHS.billing}/invoices/${id}/pdf`;

/** `?download=failed` on the billing page: the PDF could not be had (spec §8 'Cannot download invoice'). */
export const DOWNLOAD_FAILED_PARAM = { name: "download", value: "failed" } as const;

/** A path with one query parameter set (or removed with null), for links and redirects. */
export function withParam(path: string, name: string, value: string | null): string {
  const url = new URL(path, "http://web.local");
  if (value === null) url.searchParams.delete(name);
  else url.searchParams.set(name, value);
  const search = url.searchParams.toString();
  return url.pathname + (search ? `?${search}` : "");
}
