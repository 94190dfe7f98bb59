/**
 * Uploaded images (spec §5 uploads: jpg, jpeg, png, gif; ARCHITECTURE §6: checked by content, size-limited,
 * re-encoded to strip metadata). The type is decided by the file's first bytes (magic numbers), never by its
 * name or the browser's Content-Type: a PNG named photo.jpg is a PNG, an HTML page named photo.png is
 * refused. The image is then decoded and written out again as a new PNG by sharp (libvips): nothing of the
 * original file but its pixels survives — no EXIF (camera, GPS position), ICC or XMP data, no PNG text
 * chunks, no GIF comments, no trailing bytes after the image.
 */
import sharp, { type Metadata } from "sharp";

export type ImageType = "image/jpeg" | "image/png" | "image/gif";

/** The image type by magic bytes, or null. JPEG FF D8 FF; PNG 89 50 4E 47 0D 0A 1A 0A; GIF "GIF87a"/"GIF89a". */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return "image/png";
  if (bytes.length >= 6) {
    const head = String.fromCharCode(...bytes.subarray(0, 6));
    if (head === "GIF87a" || head === "GIF89a") return "image/gif";
  }
  return null;
}

export class ImageRejectedError extends Error {
  constructor(readonly reason: "type" | "unreadable") {
    super(reason);
  }
}

/** Decoding refuses images of more pixels than this (a "decompression bomb" guard): 50 megapixels. */
export const MAX_INPUT_PIXELS = 50_000_000;

const FORMAT_OF: Record<ImageType, string> = { "image/jpeg": "jpeg", "image/png": "png", "image/gif": "gif" };

/**
 * The checks before any re-encoding: the bytes are a JPEG, PNG or GIF by their magic bytes (else "type"), and the
 * decoder reads them as that very format with a size (else "unreadable": a JPEG header glued onto something else is
 * refused). Answers the decoder options every later read of the same bytes uses.
 */
async function checkedImage(input: Buffer): Promise<{ sourceType: ImageType; meta: Metadata; options: { limitInputPixels: number; failOn: "error"; animated: false } }> {
  const sourceType = sniffImageType(input);
  if (!sourceType) throw new ImageRejectedError("type");
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" as const, animated: false as const };
  let meta: Metadata;
  try {
    meta = await sharp(input, options).metadata();
  } catch {
    throw new ImageRejectedError("unreadable");
  }
  if (meta.format !== FORMAT_OF[sourceType] || !meta.width || !meta.height) throw new ImageRejectedError("unreadable");
  return { sourceType, meta, options };
}

/**
 * Checks an upload by content and re-encodes it as a square PNG of at most `size`×`size` pixels (centre crop;
 * smaller pictures are not enlarged). The camera orientation is applied to the pixels before the metadata is
 * dropped. Animated GIFs keep their first frame. Throws ImageRejectedError("type") when the bytes are not a
 * JPEG, PNG or GIF, and ImageRejectedError("unreadable") when they claim to be one but cannot be decoded.
 */
export async function reencodeSquarePng(input: Buffer, size: number): Promise<{ bytes: Buffer; width: number; height: number; sourceType: ImageType }> {
  const { sourceType, meta, options } = await checkedImage(input);
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height! : meta.width!;
  const height = rotated ? meta.width! : meta.height!;
  const side = Math.max(1, Math.min(size, width, height));
  try {
    // sharp writes no metadata unless asked to (withMetadata/keepExif/keepIccProfile are not used).
    const { data, info } = await sharp(input, options)
      .rotate()
      .resize(side, side, { fit: "cover", position: "centre" })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: essentialPngChunks(data), width: info.width, height: info.height, sourceType };
  } catch {
    throw new ImageRejectedError("unreadable");
  }
}

/** PNG chunks that carry pixels; everything else (pHYs, tEXt, eXIf, iCCP, tIME…) is dropped. */
const ESSENTIAL_PNG_CHUNKS = new Set(["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]);

/**
 * Keeps only the chunks a PNG needs to show its pixels (belt and braces: the encoder writes no metadata but
 * the pixel density, pHYs, which would otherwise repeat the source's DPI).
 */
export function essentialPngChunks(png: Buffer): Buffer {
  const parts: Buffer[] = [png.subarray(0, 8)];
  let at = 8;
  while (at + 12 <= png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    const end = at + 12 + length;
    if (end > png.length) throw new ImageRejectedError("unreadable");
    if (ESSENTIAL_PNG_CHUNKS.has(type)) parts.push(png.subarray(at, end));
    at = end;
  }
  return Buffer.concat(parts);
}

/**
 * Checks an upload by content and re-encodes it as a PNG that keeps the whole picture (an identification photo,
 * a selfie, an insurance card, a chat attachment: nothing cropped), at most `maxSide` pixels on its longer side (never
 * enlarged), with the camera orientation applied and no metadata (the same checks and chunk filter as
 * reencodeSquarePng; throws ImageRejectedError like it).
 */
export async function reencodePng(input: Buffer, maxSide: number): Promise<{ bytes: Buffer; width: number; height: number; sourceType: ImageType }> {
  const { sourceType, options } = await checkedImage(input);
  try {
    const { data, info } = await sharp(input, options)
      .rotate()
      .resize(maxSide, maxSide, { fit: "inside", withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: essentialPngChunks(data), width: info.width, height: info.height, sourceType };
  } catch {
    throw new ImageRejectedError("unreadable");
  }
}

/**
 * A PDF by content: the "%PDF-" header, an "%%EOF" marker near the end, and no active content (JavaScript, launch
 * actions, embedded files), which a viewer could run. Stored as is (a PDF is not re-encoded).
 */
export function isAcceptablePdf(bytes: Buffer): boolean {
  if (bytes.length < 16 || bytes.toString("latin1", 0, 5) !== "%PDF-") return false;
  if (!bytes.toString("latin1", Math.max(0, bytes.length - 1024)).includes("%%EOF")) return false;
  return !/\/(?:JavaScript|JS|Launch|EmbeddedFile|OpenAction|AA)\b/.test(bytes.toString("latin1"));
}
