import { join } from 'node:path';
import express from 'express';
import type { AppContext } from '#core/context.js';
import { PUBLIC_DIR } from '#core/paths.js';
import type { Routes } from '#core/http/route/route.js';
import { staticCacheRule } from '#core/http/pages/cache-rules.js';
import { precompressed } from '#core/http/compression.js';
import { faviconHandler } from './favicon.js';

/**
 * The static folders of public/: client bundle, boot scripts, site CSS, icons. Only these prefixes touch the
 * disk, so no other path pays for a file lookup. Caching follows core/http/pages/cache-rules.ts (`?v=<build>` → immutable).
 * Text assets go out as the brotli or gzip twin the build wrote beside them (core/http/compression.ts).
 */
export function staticRoutes(ctx: AppContext, routes: Routes): void {
  const build = ctx.config.build;
  const options = { index: false, fallthrough: true, cacheControl: false, redirect: false } as const;
  for (const dir of ['build', 'js', 'css']) {
    routes.router.use(`/${dir}`, staticCacheRule(build), precompressed(join(PUBLIC_DIR, dir), express.static(join(PUBLIC_DIR, dir), options)));
  }
  routes.router.use('/icons', staticCacheRule(build, 'icon'), precompressed(join(PUBLIC_DIR, 'icons'), express.static(join(PUBLIC_DIR, 'icons'), options)));
  routes.router.get('/favicon.ico', faviconHandler(join(PUBLIC_DIR, 'icons')));
}
