/**
 * One file of a multipart body, in memory and at most `maxBytes` (the avatar, the signature, an intake picture, a
 * document): a reader per call site, made once. Too large: 413 with `tooLarge` on the field; a malformed part or a
 * second file: 400 with `missing` on the field; an unreadable body: 400 `account.uploadUnreadable`.
 */
import type { Request, Response } from "express";
import multer from "multer";
import type { ApiCode } from "../contract/codes.ts";
import { ApiError, badRequest, fieldCode } from "./errors.ts";

export function singleFileReader(options: { field: string; maxBytes: number; tooLarge: ApiCode; missing: ApiCode }) {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: options.maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 4096 },
  }).single(options.field);
  return (req: Request, res: Response): Promise<Express.Multer.File | undefined> =>
    new Promise((resolve, reject) => {
      upload(req, res, (err: unknown) => {
        if (!err) return resolve(req.file);
        if (err instanceof multer.MulterError) {
          if (err.code === "LIMIT_FILE_SIZE") return reject(new ApiError(413, options.tooLarge, { fields: fieldCode(options.field, options.tooLarge) }));
          return reject(badRequest(options.missing, fieldCode(options.field, options.missing)));
        }
        reject(badRequest("account.uploadUnreadable"));
      });
    });
}
