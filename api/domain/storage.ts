/**
 * Object storage for uploaded files (ARCHITECTURE §1: "files in object storage"; §6: stored outside the web
 * root). One small interface; the default keeps objects on local disk under DATA_DIR/objects, which suits
 * one instance (and the embedded default). Several API instances need a shared store: an S3-compatible
 * adapter implements the same three calls (put/get/delete by key) and replaces `objectStorage()` below.
 *
 * Keys are chosen by the server (never from user input): lower-case letters, digits, "/", "-", "_" and one
 * extension, e.g. "avatars/0f3c….png". Anything else is refused, so a key can never leave the root.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { ApiConfig } from "../config.ts";

export type StoredObject = { bytes: Buffer; contentType: string };

export interface ObjectStorage {
  readonly kind: string;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes the object; no error when it is already gone. */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_-]*)*\.[a-z0-9]{1,8}$/;

export function assertKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.length > 200) throw new Error("invalid storage key");
}

const CONTENT_TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", pdf: "application/pdf" };

/** Local disk under `root`. Writes go to a temporary file first and are renamed into place (atomic). */
export class LocalDiskStorage implements ObjectStorage {
  readonly kind = "local";
  constructor(readonly root: string) {}

  private file(key: string): string {
    assertKey(key);
    return path.join(this.root, ...key.split("/"));
  }

  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    await writeFile(tmp, bytes, { mode: 0o600 });
    await rename(tmp, file);
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const bytes = await readFile(this.file(key));
      const ext = key.slice(key.lastIndexOf(".") + 1);
      return { bytes, contentType: CONTENT_TYPES[ext] ?? "application/octet-stream" };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}

const instances = new Map<string, ObjectStorage>();

/** The object storage of this API: local disk under DATA_DIR/objects. */
export function objectStorage(config: Pick<ApiConfig, "dataDir">): ObjectStorage {
  const root = path.join(config.dataDir, "objects");
  let storage = instances.get(root);
  if (!storage) {
    storage = new LocalDiskStorage(root);
    instances.set(root, storage);
  }
  return storage;
}
