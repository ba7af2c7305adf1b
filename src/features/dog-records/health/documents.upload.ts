import type { RequestHandler } from 'express';
import multer from 'multer';
import type { Config } from '#core/config.js';
import { discardFiles, stagingDir } from '#core/media/storage.js';

/**
 * The health documents' multipart parser: one file in `file` (at most 15 MB, decisions) and the text fields
 * title, date and category. Unlike the photo uploads (core/media/upload.ts, files only) a document carries
 * fields, so it has its own multer with every limit set. The file streams to the media staging folder and is
 * removed when the response is over, whatever happened.
 */
export const MAX_DOCUMENT_BYTES = 15 * 1024 * 1024;

export function documentUpload(config: Pick<Config, 'mediaDir'>): RequestHandler {
  const parse = multer({
    dest: stagingDir(config),
    defParamCharset: 'utf8',
    limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 3, fieldSize: 4096, fieldNameSize: 100, parts: 4, headerPairs: 100 },
  }).single('file');
  return (req, res, next) => {
    res.on('close', () => {
      if (req.file) void discardFiles([req.file.path]);
    });
    parse(req, res, (err?: unknown) => next(err));
  };
}
