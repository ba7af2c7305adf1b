import ejs from 'ejs';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { AppContext } from './core/context.js';
import { errorHandler } from './core/http/error-handler.js';
import { notFound } from './core/http/errors.js';
import { jsonSizeGuard } from './core/http/json-body.js';
import { apiWriteGuard, bodySizeGuard } from './core/http/request-guards.js';
import { requestLog } from './core/http/request-log.js';
import { VIEWS_DIR } from './core/paths.js';
import { mountRoutes } from './routes.js';

/** Map tiles are the only images from elsewhere (OSM tile policy: see upstreams.md §8). */
const TILE_HOSTS = ['https://tile.openstreetmap.org', 'https://*.tile.openstreetmap.org'];

/** Builds the Express app around the shared services. Never listens: server.ts and the tests do that. */
export function createApp(ctx: AppContext): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.trustProxy);
  app.engine('ejs', (path, data, cb) => ejs.renderFile(path, data, { cache: ctx.config.isProduction }, (err, html) => cb(err, html)));
  app.set('view engine', 'ejs');
  app.set('views', VIEWS_DIR);

  app.use(requestLog(ctx.log));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'img-src': ["'self'", 'data:', 'blob:', ...TILE_HOSTS],
          'connect-src': ["'self'"],
          'worker-src': ["'self'"],
          'manifest-src': ["'self'"],
          // Plain-HTTP development on a LAN address would break if the browser upgraded every request.
          'upgrade-insecure-requests': ctx.config.isProduction ? [] : null,
        },
      },
      strictTransportSecurity: ctx.config.isProduction,
      // OSM's tile policy needs a Referer; no-referrer (helmet's default) breaks it.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(bodySizeGuard);
  app.use('/api', apiWriteGuard(ctx.config.publicUrl));
  app.use(jsonSizeGuard); // the JSON itself is parsed only by routes that take it (route.ts)
  app.use(ctx.sessions.middleware());
  // After the session: a blocked address stops only requests without one (ip-blocklist.ts says why).
  app.use(ctx.blocklist.middleware());

  const router = express.Router();
  mountRoutes(ctx, { router, openapi: ctx.openapi });
  app.use(router);

  app.use(() => {
    throw notFound('Diese Seite gibt es nicht.');
  });
  app.use(errorHandler);
  return app;
}
