import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { accountsExport, accountsRoutes } from './features/accounts/accounts/index.js';
import { exportsRoutes } from './features/accounts/exports/index.js';
import { accountSecurityRoutes, secondStepGate } from './features/accounts/security/index.js';
import { calendarFeedRoutes } from './features/accounts/calendar-feed/index.js';
import { adminUsersRoutes } from './features/admin/admin-users/index.js';
import { cspReportsRoutes } from './features/admin/csp-reports/index.js';
import { ipBlocksRoutes } from './features/admin/ip-blocks/index.js';
import { dogsExport, dogsRoutes } from './features/dog-records/dogs/index.js';
import { serveMediaFiles } from '#core/media/serve.js';
import { dashboardRoutes } from './features/dog-records/dashboard/index.js';
import { diaryDashboard, diaryExport, diaryMediaRules, diaryRoutes } from './features/dog-records/diary/index.js';
import { notificationsRoutes } from './features/accounts/notifications/index.js';
import { jobsAdminRoutes } from '#platform/scheduler/index.js';
import { backupRoutes } from '#platform/backup/index.js';
import { metricsRoutes } from '#platform/metrics/metrics.routes.js';
import { jobs } from './jobs.js';
import { photosMediaRules, photosRoutes } from './features/accounts/photos/index.js';
import { invoicesExport, invoicesRoutes } from './features/admin/invoices/index.js';
import { partnerRoutes } from './features/accounts/partner/index.js';
import { upgradesRoutes } from './features/accounts/upgrades/index.js';
import { systemRoutes } from './features/public-web/system/index.js';
import { pwaAreaRoutes } from './features/public-web/pwa/index.js';
import { publicPagesRoutes } from './features/public-web/public-pages/index.js';
import { wikiRoutes } from './features/public-web/wiki/index.js';
import { helpRoutes } from './features/public-web/help/index.js';
import { healthDashboard, healthDocumentsExport, healthRecordExport, healthRoutes } from './features/dog-records/health/index.js';
import { heatDashboard, heatRoutes } from './features/dog-records/heat/index.js';
import { careDashboard, careRoutes } from './features/dog-records/care/index.js';
import { tripsExport, tripsRoutes } from './features/dog-records/trips/index.js';
import { dosesDashboard, dosesExport, dosesRoutes } from './features/dog-records/doses/index.js';
import { trainingDashboard, trainingRoutes } from './features/dog-records/training/index.js';
import { expensesExport, expensesRoutes } from './features/dog-records/expenses/index.js';
import { notesExport, notesRoutes } from './features/dog-records/notes/index.js';
import { aiRoutes } from './features/dog-records/ai/index.js';
import { breederRoutes } from './features/dog-records/breeder/index.js';
import { friendsRoutes, userReportRoutes, userReportsAccountDeletion } from './features/community/friends/index.js';
import { messageReportRoutes, messageReportsAccountDeletion, messagesExport, messagesRoutes } from './features/community/messages/index.js';
import { forumAccountDeletion, forumExport, forumRoutes } from './features/community/forum/index.js';
import { nearbyAccountDeletion, nearbyMediaRules, nearbyRoutes, playdatesAccountDeletion } from './features/map/nearby/index.js';
import { foodAlertsRoutes } from './features/map/food-alerts/index.js';
import { walkWeatherRoutes } from './features/dog-records/weather/index.js';
import { legalPages, securityTxtRoute, operatorRoutes, planRoutes } from './features/admin/operator/index.js';
import { mapLayersRoutes } from './features/map/map-layers/index.js';
import { placesExport, placesRoutes } from './features/map/places/index.js';
import { adminStatsRoutes } from './features/admin/admin-stats/index.js';
import { contributionsExport, mapContribRoutes } from './features/map/map-contrib/index.js';
import { walkRoutesExport, walkRoutesRoutes } from './features/map/walk-routes/index.js';
import { walksExport, walksRoutes } from './features/map/walks/index.js';
import { placeExport, placeRoutes } from './features/accounts/place/index.js';
import { dutiesDashboard, dutiesExport, dutiesRoutes } from './features/dog-records/duties/index.js';

/** THE route table: one line per area. Order matters only where paths overlap. */
export function mountRoutes(ctx: AppContext, routes: Routes): void {
  systemRoutes(ctx, routes);
  accountsRoutes(ctx, routes, secondStepGate(ctx)); // the login's second step: accounts with TOTP
  accountSecurityRoutes(ctx, routes); // /api/me/passkeys*, /api/me/totp*, /api/me/second-factor, /api/me/security-log, /api/auth/passkey*, /api/auth/step-up, /api/auth/login/second-factor
  placeRoutes(ctx, routes); // /api/me/place: country, region, currency, leash season (issue 53)
  dogsRoutes(ctx, routes);
  photosRoutes(ctx, routes); // /api/dogs/:dogId/photo, /api/me/avatar
  diaryRoutes(ctx, routes); // /api/dogs/:dogId/diary, /api/diary/*
  dashboardRoutes(ctx, routes, [diaryDashboard, healthDashboard, heatDashboard, careDashboard, trainingDashboard, dosesDashboard, dutiesDashboard]); // /api/welcome-dashboard: the cards areas register
  notificationsRoutes(ctx, routes); // /api/notifications*, /api/me/notification-settings, /api/push/*
  jobsAdminRoutes(ctx, routes, jobs); // /api/admin/jobs*: the job table with last runs, start now
  backupRoutes(ctx, routes); // /api/admin/backups: kept snapshots and the last run ("Jetzt sichern" starts backup.snapshot)
  healthRoutes(ctx, routes); // /api/dogs/:dogId/<health kinds>, /api/<kind>/:id, members, invitations, health media, /notfall/:token
  heatRoutes(ctx, routes); // /api/dogs/:dogId/heat-cycles(/prediction), /api/heat-cycles/:id
  careRoutes(ctx, routes); // /api/dogs/:dogId/care-routines, /api/care-routines/:id(/done)
  dosesRoutes(ctx, routes); // /api/medications/:medicationId/doses, /api/doses/:doseId
  tripsRoutes(ctx, routes); // /api/travel/countries, /api/dogs/:dogId/trips, /api/trips/:tripId(/travel-sheet.pdf)
  trainingRoutes(ctx, routes); // /api/dogs/:dogId/training-sessions, /training-streak, /api/training-sessions/:id
  dutiesRoutes(ctx, routes); // /api/dogs/:dogId/duties(/:code): what applies where the dog lives (issue 53)
  expensesRoutes(ctx, routes); // /api/expenses/summary, /api/expenses/export.csv, /api/dogs/:dogId/expenses, /api/expenses/:id
  notesRoutes(ctx, routes); // /api/notes*, /api/notes/:id/analysis
  aiRoutes(ctx, routes); // /api/ai/status, /api/ai/training-plan
  breederRoutes(ctx, routes); // /api/litters*, /api/puppies/* (tier breeder or breeder_test; admins pass)
  friendsRoutes(ctx, routes); // /api/users/search, /api/friends*, /api/users/:id/block
  messagesRoutes(ctx, routes); // /api/conversations*
  userReportRoutes(ctx, routes); // /api/users/:id/report, /api/moderation/user-reports*
  messageReportRoutes(ctx, routes); // /api/messages/:id/report, /api/moderation/message-reports* (the message in its context)
  forumRoutes(ctx, routes); // /api/forum/*, /api/moderation/*
  nearbyRoutes(ctx, routes); // /api/<map kinds>*, /api/moderation/map-reports*, /vermisst/:id, /giftkoeder/:id, /giftkoeder-radar*
  foodAlertsRoutes(ctx, routes); // /api/food-alerts
  walkWeatherRoutes(ctx, routes); // /api/me/walk-weather: the DWD's warnings for the home area (issue 52)
  mapLayersRoutes(ctx, routes); // /api/map/layers/:layer
  placesRoutes(ctx, routes); // /api/places*
  mapContribRoutes(ctx, routes); // /api/map-contrib*
  walkRoutesRoutes(ctx, routes); // /api/routes/plan, /api/routes*, /api/routes/:id/gpx
  walksRoutes(ctx, routes); // /api/walks/weekly, /api/walks*
  adminStatsRoutes(ctx, routes); // /api/admin/stats
  ctx.accountDeletionSteps.push(forumAccountDeletion(ctx), nearbyAccountDeletion, userReportsAccountDeletion(ctx), messageReportsAccountDeletion(ctx)); // what ON DELETE cannot say
  ctx.accountDeletionNotices.push(playdatesAccountDeletion(ctx)); // whom the deletion concerns: cancelled playdates
  // The data export's sections (the per-dog record kinds add their own through recordRoutes).
  ctx.exportSections.push(
    accountsExport,
    placeExport,
    dogsExport,
    diaryExport,
    healthRecordExport,
    healthDocumentsExport,
    tripsExport,
    dosesExport,
    expensesExport,
    dutiesExport,
    notesExport,
    walkRoutesExport,
    walksExport,
    placesExport,
    messagesExport,
    forumExport,
    contributionsExport,
    invoicesExport,
  );
  exportsRoutes(ctx, routes); // /api/me/exports*
  calendarFeedRoutes(ctx, routes); // /api/me/calendar-feed*, /kalender/:token.ics (the secret feed address)
  serveMediaFiles(ctx, routes, [...photosMediaRules, ...diaryMediaRules, ...nearbyMediaRules]); // /media/* with permission check
  partnerRoutes(ctx, routes);
  upgradesRoutes(ctx, routes);
  adminUsersRoutes(ctx, routes);
  ipBlocksRoutes(ctx, routes);
  cspReportsRoutes(ctx, routes); // /api/csp-reports (browsers), /api/admin/csp-reports
  invoicesRoutes(ctx, routes);
  operatorRoutes(ctx, routes); // /api/admin/settings, /api/plans/prices
  legalPages(ctx, routes); // /impressum, /datenschutz
  planRoutes(ctx, routes); // /api/plans, /tarife, /preise
  securityTxtRoute(ctx, routes); // /.well-known/security.txt (RFC 9116)
  metricsRoutes(ctx, routes); // /metrics (Prometheus; only with METRICS_TOKEN)
  pwaAreaRoutes(ctx, routes); // static /build /js /css /icons, /sw.js, /manifest.webmanifest, /app/*, /force-update
  publicPagesRoutes(ctx, routes); // exactly / and /sitemap.xml
  wikiRoutes(ctx, routes); // /api/wiki/*, /rassen, /rassen/:slug
  helpRoutes(ctx, routes); // /api/admin/help-articles*, /api/help, /help
}
