import type { RequestHandler, Response } from 'express';

/**
 * THE cache-control rule (spec, Versioning 2). Asset links carry `?v=<build>`; such a URL never changes its
 * content, so it may be kept for a year. Everything else is revalidated (ETag), so a new build shows at once.
 * The service worker reads the same header: it keeps runtime responses only when they are `immutable`.
 */
export const CACHE = {
  versioned: 'public, max-age=31536000, immutable',
  revalidate: 'no-cache',
  /** Pages that look the same for everyone (landing, breed pages, sitemap): short shared caching. */
  publicPage: 'public, max-age=300',
  /** Pages that differ by login (help): only the browser may keep them, and must ask again. */
  privatePage: 'private, no-cache',
  never: 'no-store',
  /** Icons and the social-preview image: rarely change, not versioned in every link. */
  icon: 'public, max-age=604800',
} as const;

export function setCache(res: Response, rule: keyof typeof CACHE): void {
  res.setHeader('Cache-Control', CACHE[rule]);
}

/** esbuild's content-hashed output names (chunk-AB12CD34.js): a new content gets a new name. */
const CONTENT_HASHED = /-[A-Z0-9]{8}\.(?:js|css|png|svg|webp|woff2?)$/;

/**
 * For static files: a link with the current build number is immutable, and so is a content-hashed file name;
 * anything else (an old or missing `v`) is revalidated.
 */
export function staticCacheRule(build: string, fallback: keyof typeof CACHE = 'revalidate'): RequestHandler {
  return (req, res, next) => {
    setCache(res, req.query.v === build || CONTENT_HASHED.test(req.path) ? 'versioned' : fallback);
    next();
  };
}
