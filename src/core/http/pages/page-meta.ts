import type { Response } from 'express';
import type { AppContext } from '../../context.js';

/** What every server-rendered page's <head> needs: texts for the social-preview tags and the asset version. */
export interface PageMeta {
  title: string;
  description: string;
  /** Path of the page (canonical and og:url), e.g. /rassen/mops. */
  path: string;
  ogType?: 'website' | 'article';
  /** schema.org data; rendered inside <script type="application/ld+json"> by jsonLdScript(). */
  jsonLd?: unknown;
}

/**
 * JSON for a <script> element: JSON.stringify alone would let "</script>" or "<!--" in a breed or help text end
 * the element, so every <, > and & (and the JS line separators) become \u escapes, which JSON parsers read back
 * as the same characters.
 */
export function jsonLdScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function pageLocals(ctx: AppContext, meta: PageMeta) {
  const url = ctx.config.publicUrl + meta.path;
  return {
    appName: ctx.config.appName,
    build: ctx.config.build,
    publicUrl: ctx.config.publicUrl,
    title: meta.title,
    description: meta.description,
    url,
    ogType: meta.ogType ?? 'website',
    ogImage: `${ctx.config.publicUrl}/icons/og-image.png`,
    jsonLd: meta.jsonLd === undefined ? null : jsonLdScript(meta.jsonLd),
  };
}

/** Renders a view to a string (so callers can cache the HTML). */
export function renderView(res: Response, view: string, locals: object): Promise<string> {
  return new Promise((resolve, reject) => {
    res.app.render(view, locals, (err, html) => (err ? reject(err) : resolve(html)));
  });
}
