/** Helpers for the patient-account API tests: multipart uploads with a test Client's session, test images. */
import { crc32, inflateSync } from "node:zlib";
import sharp from "sharp";
import type { Client, Reply } from "./harness.ts";

/** POSTs one file as multipart/form-data (field `field`) with the client's cookies and CSRF token. */
export async function uploadFile<T = unknown>(
  client: Client,
  path: string,
  file: { bytes: Buffer; name: string; type?: string },
  opts: { field?: string; csrf?: boolean; extra?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const form = new FormData();
  for (const [k, v] of Object.entries(opts.extra ?? {})) form.append(k, v);
  form.append(opts.field ?? "avatar", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }), file.name);
  const headers: Record<string, string> = { Accept: "application/json", "X-Requested-With": "XMLHttpRequest", "X-Frontend-Version": "2" };
  if (client.cookies.size) headers.Cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  if (opts.csrf !== false) headers["X-CSRF-Token"] = client.csrf;
  const res = await fetch(client.base + path, { method: "POST", headers, body: form });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {}, headers: res.headers };
}

/** GETs raw bytes with the client's cookies. */
export async function fetchBytes(client: Client, path: string): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const headers: Record<string, string> = { "X-Requested-With": "XMLHttpRequest", "X-Frontend-Version": "2" };
  if (client.cookies.size) headers.Cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const res = await fetch(client.base + path, { headers });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

/** A plain image of width × height in one colour. */
export async function makeImage(format: "png" | "jpeg" | "gif", width = 600, height = 450): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } });
  return format === "png" ? img.png().toBuffer() : format === "jpeg" ? img.jpeg().toBuffer() : img.gif().toBuffer();
}

/** A JPEG carrying EXIF with a description, an artist and a GPS position (the kind of data phones add). */
export async function jpegWithExif(secret: string): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { ImageDescription: secret, Artist: secret, Make: "TestPhone" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "37/1 46/1 30/1", GPSLongitudeRef: "W", GPSLongitude: "122/1 25/1 10/1" },
    })
    .toBuffer();
}

/** A PNG with a tEXt chunk (keyword "Comment") inserted before IEND. */
export async function pngWithText(secret: string): Promise<Buffer> {
  const png = await makeImage("png", 500, 500);
  const data = Buffer.concat([Buffer.from("Comment\0", "latin1"), Buffer.from(secret, "latin1")]);
  const type = Buffer.from("tEXt", "latin1");
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])) >>> 0);
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), len, type, data, crc, png.subarray(iend)]);
}

/** The chunk types of a PNG, in order. */
export function pngChunks(png: Buffer): string[] {
  const out: string[] = [];
  let at = 8;
  while (at + 8 <= png.length) {
    const length = png.readUInt32BE(at);
    out.push(png.toString("latin1", at + 4, at + 8));
    at += 12 + length;
  }
  return out;
}

/** Every stream of a PDF, inflated when Flate-encoded, as latin1 text (to look for drawn text). */
export function pdfStreams(pdf: Buffer): string[] {
  const text = pdf.toString("latin1");
  const out: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const start = m.index + m[0].length;
    const end = text.indexOf("endstream", start);
    if (end < 0) break;
    const raw = pdf.subarray(start, end);
    try {
      out.push(inflateSync(raw).toString("latin1"));
    } catch {
      out.push(raw.toString("latin1"));
    }
    re.lastIndex = end;
  }
  return out;
}

/** Text as pdf-lib draws it with a standard font: upper-case hex of the WinAnsi bytes. */
export const pdfHex = (s: string) => Buffer.from(s, "latin1").toString("hex").toUpperCase();
