/**
 * The rules of the patient account (spec §3, §5) as plain constants and functions, no zod: the profile
 * picture's limits, the address types, the US states we ship to, ZIP codes. The API's schemas (./patient-account.ts, which
 * re-exports all of this) and the pharmacy page's browser checks (app/lib/form-checks.ts) use the same ones.
 */
export const ADDRESS_TYPES = ["shipping", "billing"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
/** The save-address `title`: the capitalised type (spec §3). */
export const addressTitle = (type: AddressType) => (type === "shipping" ? "Shipping" : "Billing");

/** US states, the District of Columbia and the inhabited territories we ship to (administrativeArea). */
export const US_STATES = [
  { code: "AL", name: "Alabama" },
  { code: "AK", name: "Alaska" },
  { code: "AZ", name: "Arizona" },
  { code: "AR", name: "Arkansas" },
  { code: "CA", name: "California" },
  { code: "CO", name: "Colorado" },
  { code: "CT", name: "Connecticut" },
  { code: "DE", name: "Delaware" },
  { code: "DC", name: "District of Columbia" },
  { code: "FL", name: "Florida" },
  { code: "GA", name: "Georgia" },
  { code: "HI", name: "Hawaii" },
  { code: "ID", name: "Idaho" },
  { code: "IL", name: "Illinois" },
  { code: "IN", name: "Indiana" },
  { code: "IA", name: "Iowa" },
  { code: "KS", name: "Kansas" },
  { code: "KY", name: "Kentucky" },
  { code: "LA", name: "Louisiana" },
  { code: "ME", name: "Maine" },
  { code: "MD", name: "Maryland" },
  { code: "MA", name: "Massachusetts" },
  { code: "MI", name: "Michigan" },
  { code: "MN", name: "Minnesota" },
  { code: "MS", name: "Mississippi" },
  { code: "MO", name: "Missouri" },
  { code: "MT", name: "Montana" },
  { code: "NE", name: "Nebraska" },
  { code: "NV", name: "Nevada" },
  { code: "NH", name: "New Hampshire" },
  { code: "NJ", name: "New Jersey" },
  { code: "NM", name: "New Mexico" },
  { code: "NY", name: "New York" },
  { code: "NC", name: "North Carolina" },
  { code: "ND", name: "North Dakota" },
  { code: "OH", name: "Ohio" },
  { code: "OK", name: "Oklahoma" },
  { code: "OR", name: "Oregon" },
  { code: "PA", name: "Pennsylvania" },
  { code: "RI", name: "Rhode Island" },
  { code: "SC", name: "South Carolina" },
  { code: "SD", name: "South Dakota" },
  { code: "TN", name: "Tennessee" },
  { code: "TX", name: "Texas" },
  { code: "UT", name: "Utah" },
  { code: "VT", name: "Vermont" },
  { code: "VA", name: "Virginia" },
  { code: "WA", name: "Washington" },
  { code: "WV", name: "West Virginia" },
  { code: "WI", name: "Wisconsin" },
  { code: "WY", name: "Wyoming" },
  { code: "AS", name: "American Samoa" },
  { code: "GU", name: "Guam" },
  { code: "MP", name: "Northern Mariana Islands" },
  { code: "PR", name: "Puerto Rico" },
  { code: "VI", name: "U.S. Virgin Islands" },
] as const;
export type UsStateCode = (typeof US_STATES)[number]["code"];
export const US_STATE_CODES = US_STATES.map((s) => s.code) as UsStateCode[];
/** Is this one of US_STATE_CODES (any letter case)? */
export const isUsStateCode = (code: string) => (US_STATE_CODES as string[]).includes(code.toUpperCase());

/** ZIP or ZIP+4: "12345", "12345-6789" (also "123456789" and "12345 6789", stored as "12345-6789"). */
export const ZIP_PATTERN = /^(\d{5})(?:[-\s]?(\d{4}))?$/;
export function normalizeZip(raw: string): string {
  const m = ZIP_PATTERN.exec(raw.trim());
  return m ? (m[2] ? `${m[1]}-${m[2]}` : m[1]) : raw.trim();
}

/** The multipart field that carries the picture. */
export const AVATAR_FIELD = "avatar";
/** Largest accepted upload: 5 MB (spec §5: "maximum size in MB"). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_MAX_MB = 5;
/** Stored pictures are at most this wide and high (spec §9: recommended 400x400). */
export const AVATAR_SIZE = 400;
/** Accepted by content; the file name's extension is not trusted. */
export const AVATAR_ACCEPT = ["image/jpeg", "image/png", "image/gif"] as const;
export const AVATAR_EXTENSIONS = ["jpg", "jpeg", "png", "gif"] as const;
/** The lower-case extension of a file name ("" when it has none): what the web checks against AVATAR_EXTENSIONS. */
export const fileExtension = (name: string) => (/\.([a-z0-9]+)$/i.exec(name)?.[1] ?? "").toLowerCase();
/** For <input type="file" accept=…>. */
export const AVATAR_INPUT_ACCEPT = ".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif";
export const AVATAR_TOO_LARGE_MESSAGE = "Uploaded image is too large";
export const AVATAR_TYPE_MESSAGE = "Upload a JPG, PNG or GIF image.";
export const AVATAR_UNREADABLE_MESSAGE = "The image could not be read. Upload another JPG, PNG or GIF image.";
export const AVATAR_MISSING_MESSAGE = "Choose an image to upload.";
/** Path of a stored avatar; {key} is 32 hex characters. */
export const AVATAR_URL_PREFIX = "/api/v1/avatars/";
