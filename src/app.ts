import ejs from 'ejs';
import express, { type Express } from 'express';
import type { AppContext } from '#core/context.js';
import { compressSentText } from '#core/http/compression.js';
import { CSP_REPORT_PATH, cspDirectives, reportingEndpoints } from '#core/http/csp.js';
import { securityHeaders } from '#platform/http/security-headers.js';
import { errorHandler } from '#platform/http/error-handler.js';
import { weakEtag } from '#platform/http/etag.js';
import { notFound } from '#core/http/route/errors.js';
import { PrefixRouter } from '#platform/http/prefix-router.js';
import { leanJson } from '#platform/http/json-answer.js';
import { jsonSizeGuard } from '#core/http/route/json-body.js';
import { apiWriteGuard, bodySizeGuard } from '#core/http/guards/request-guards.js';
import { requestLog, setAppLogger } from '#platform/http/request-log.js';
import { series } from '#platform/http/series.js';
import { VIEWS_DIR } from '#core/paths.js';
import { SAFETY_MAIL_UNSUBSCRIBE_PATH } from './features/map/nearby/index.js';
import { mountRoutes } from './routes.js';

/** Builds the Express app around the shared services. Never listens: server.ts and the tests do that. */
export function createApp(ctx: AppContext): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', weakEtag); // Express's weak ETags, computed in one call (etag.ts)
  app.set('trust proxy', ctx.config.trustProxy);
  app.engine('ejs', (path, data, cb) => ejs.renderFile(path, data, { cache: ctx.config.isProduction }, (err, html) => cb(err, html)));
  app.set('view engine', 'ejs');
  app.set('views', VIEWS_DIR);

  setAppLogger(app, ctx.log);
  compressSentText(app);
  leanJson(app);
  // The global middlewares run as one layer (series.ts says why); their order is the house order.
  app.use(
    series([
      // First, so a request's time covers every other middleware; only with METRICS_TOKEN (platform/metrics).
      ...(ctx.metrics ? [ctx.metrics.timer()] : []),
      requestLog(ctx.log),
      securityHeaders(
        app,
        {
          contentSecurityPolicy: {
            directives: cspDirectives(ctx.config.publicUrl, ctx.config.isProduction, ctx.config.mapTiles.cspSources),
          },
          strictTransportSecurity: ctx.config.isProduction,
          // OSM's tile policy needs a Referer; no-referrer (helmet's default) breaks it.
          referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
          crossOriginEmbedderPolicy: false,
        },
        reportingEndpoints(ctx.config.publicUrl),
      ),
      bodySizeGuard,
      apiWriteGuard(ctx.config.publicUrl, [CSP_REPORT_PATH, `/api${SAFETY_MAIL_UNSUBSCRIBE_PATH}`]),
      jsonSizeGuard, // the JSON itself is parsed only by routes that take it (route.ts)
      ctx.sessions.middleware(),
      // After the session: a blocked address stops only requests without one (ip-blocklist.ts says why).
      ctx.blocklist.middleware(),
    ]),
  );

  const router = new PrefixRouter();
  mountRoutes(ctx, { router, openapi: ctx.openapi });
  app.use(router.handle);

  app.use(() => {
    throw notFound('Diese Seite gibt es nicht.');
  });
  app.use(errorHandler);
  return app;
}
