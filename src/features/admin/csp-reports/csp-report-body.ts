import express, { type RequestHandler } from 'express';
import { AppError } from '#core/http/route/errors.js';

/** A browser's report is a few hundred bytes; a batch of the Reporting API a few KB. More is not a report. */
export const CSP_REPORT_LIMIT_BYTES = 16 * 1024;

/** The content types browsers post reports in (report-uri, the Reporting API), and plain JSON for tools. */
const REPORT_TYPES = ['application/csp-report', 'application/reports+json', 'application/json'];

const tooLarge = () => new AppError(413, 'payload_too_large', 'Die Meldung ist zu groß (höchstens 16 KB).');

const parser = express.json({ type: REPORT_TYPES, limit: CSP_REPORT_LIMIT_BYTES, inflate: false, strict: true });

/**
 * Reads a CSP report body: refused by its declared length before a byte is read (413), by its real length while
 * reading, and as 400 when it is no JSON. A body in another content type is left unread (the handler stores nothing).
 */
export const cspReportBody: RequestHandler = (req, res, next) => {
  if (Number(req.headers['content-length'] ?? 0) > CSP_REPORT_LIMIT_BYTES) {
    res.setHeader('Connection', 'close');
    return next(tooLarge());
  }
  parser(req, res, (err?: unknown) => {
    if (!err) return next();
    const type = (err as { type?: string }).type;
    if (type === 'entity.too.large') return next(tooLarge());
    if (type === 'encoding.unsupported') return next(new AppError(415, 'unsupported_media_type', 'Diese Kodierung wird nicht unterstützt.'));
    next(new AppError(400, 'bad_report', 'Die Meldung ist kein gültiges JSON.'));
  });
};
