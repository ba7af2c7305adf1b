import type { AreaManifest } from '#core/area.js';
import { serveMediaFiles } from '#core/media/serve.js';
import { backupRoutes } from '#platform/backup/index.js';
import { metricsRoutes } from '#platform/metrics/metrics.routes.js';
import { jobsAdminRoutes } from '#platform/scheduler/index.js';
import { accountsArea } from './features/accounts/accounts/index.js';
import { calendarFeedArea } from './features/accounts/calendar-feed/index.js';
import { exportsArea } from './features/accounts/exports/index.js';
import { notificationsArea } from './features/accounts/notifications/index.js';
import { partnerArea } from './features/accounts/partner/index.js';
import { photosArea } from './features/accounts/photos/index.js';
import { placeArea } from './features/accounts/place/index.js';
import { secondStepGate, securityArea } from './features/accounts/security/index.js';
import { upgradesArea } from './features/accounts/upgrades/index.js';
import { adminStatsArea } from './features/admin/admin-stats/index.js';
import { adminUsersArea } from './features/admin/admin-users/index.js';
import { cspReportsArea } from './features/admin/csp-reports/index.js';
import { invoicesArea } from './features/admin/invoices/index.js';
import { ipBlocksArea } from './features/admin/ip-blocks/index.js';
import { operatorArea } from './features/admin/operator/index.js';
import { forumArea } from './features/community/forum/index.js';
import { friendsArea, userReportsArea } from './features/community/friends/index.js';
import { messageReportsArea, messagesArea } from './features/community/messages/index.js';
import { aiArea } from './features/dog-records/ai/index.js';
import { breederArea } from './features/dog-records/breeder/index.js';
import { careArea } from './features/dog-records/care/index.js';
import { dashboardArea, type DashboardProvider } from './features/dog-records/dashboard/index.js';
import { diaryArea } from './features/dog-records/diary/index.js';
import { dogsArea } from './features/dog-records/dogs/index.js';
import { dosesArea } from './features/dog-records/doses/index.js';
import { dutiesArea } from './features/dog-records/duties/index.js';
import { expensesArea } from './features/dog-records/expenses/index.js';
import { healthArea } from './features/dog-records/health/index.js';
import { heatArea } from './features/dog-records/heat/index.js';
import { notesArea } from './features/dog-records/notes/index.js';
import { trainingArea } from './features/dog-records/training/index.js';
import { tripsArea } from './features/dog-records/trips/index.js';
import { weatherArea } from './features/dog-records/weather/index.js';
import { foodAlertsArea } from './features/map/food-alerts/index.js';
import { mapContribArea } from './features/map/map-contrib/index.js';
import { mapLayersArea } from './features/map/map-layers/index.js';
import { nearbyArea } from './features/map/nearby/index.js';
import { placesArea } from './features/map/places/index.js';
import { walkRoutesArea } from './features/map/walk-routes/index.js';
import { walksArea } from './features/map/walks/index.js';
import { helpArea } from './features/public-web/help/index.js';
import { publicPagesArea } from './features/public-web/public-pages/index.js';
import { pwaArea } from './features/public-web/pwa/index.js';
import { systemArea } from './features/public-web/system/index.js';
import { wikiArea } from './features/public-web/wiki/index.js';

/** A manifest in the list: an area's, or one of the engine's routes below. */
export type Manifest = AreaManifest<DashboardProvider>;

// The engine's routes (platform/, core/) are no area; they have their place in the list all the same.
const jobsScreen: Manifest = { name: 'jobs', routes: (ctx, routes, { jobs }) => jobsAdminRoutes(ctx, routes, jobs) };
const backups: Manifest = { name: 'backups', routes: backupRoutes };
const mediaFiles: Manifest = { name: 'media', routes: (ctx, routes, { mediaRules }) => serveMediaFiles(ctx, routes, mediaRules) };
const metrics: Manifest = { name: 'metrics', routes: metricsRoutes };

/**
 * THE list of areas: one line per manifest (an area's index.ts exports it). The route table (routes.ts) mounts them
 * in this order (it matters where paths overlap, and it is the OpenAPI document's order) and gathers their dashboard
 * cards, media rules and account-deletion steps in it; the job table (jobs.ts) is the engine's jobs, then theirs.
 */
export const areas: Manifest[] = [
  systemArea,
  accountsArea(secondStepGate), // the login's second step: accounts with TOTP
  securityArea, // /api/me/passkeys*, /api/me/totp*, /api/me/second-factor, /api/me/security-log, /api/auth/passkey*, /api/auth/step-up, /api/auth/login/second-factor
  placeArea, // /api/me/place: country, region, currency, leash season (issue 53)
  dogsArea,
  photosArea, // /api/dogs/:dogId/photo, /api/me/avatar
  diaryArea, // /api/dogs/:dogId/diary, /api/diary/*
  dashboardArea, // /api/welcome-dashboard: the cards of every manifest's `dashboard`
  notificationsArea, // /api/notifications*, /api/me/notification-settings, /api/push/*
  jobsScreen, // /api/admin/jobs*: the job table with last runs, start now
  backups, // /api/admin/backups: kept snapshots and the last run ("Jetzt sichern" starts backup.snapshot)
  healthArea, // /api/dogs/:dogId/<health kinds>, /api/<kind>/:id, members, invitations, health media, /notfall/:token
  heatArea, // /api/dogs/:dogId/heat-cycles(/prediction), /api/heat-cycles/:id
  careArea, // /api/dogs/:dogId/care-routines, /api/care-routines/:id(/done)
  dosesArea, // /api/medications/:medicationId/doses, /api/doses/:doseId
  tripsArea, // /api/travel/countries, /api/dogs/:dogId/trips, /api/trips/:tripId(/travel-sheet.pdf)
  trainingArea, // /api/dogs/:dogId/training-sessions, /training-streak, /api/training-sessions/:id
  dutiesArea, // /api/dogs/:dogId/duties(/:code): what applies where the dog lives (issue 53)
  expensesArea, // /api/expenses/summary, /api/expenses/export.csv, /api/dogs/:dogId/expenses, /api/expenses/:id
  notesArea, // /api/notes*, /api/notes/:id/analysis
  aiArea, // /api/ai/status, /api/ai/training-plan
  breederArea, // /api/litters*, /api/puppies/* (tier breeder or breeder_test; admins pass)
  friendsArea, // /api/users/search, /api/friends*, /api/users/:id/block
  messagesArea, // /api/conversations*
  userReportsArea, // /api/users/:id/report, /api/moderation/user-reports* (community/friends)
  messageReportsArea, // /api/messages/:id/report, /api/moderation/message-reports* (community/messages: the message in its context)
  forumArea, // /api/forum/*, /api/moderation/*
  nearbyArea, // /api/<map kinds>*, /api/moderation/map-reports*, /vermisst/:id, /giftkoeder/:id, /giftkoeder-radar*
  foodAlertsArea, // /api/food-alerts
  weatherArea, // /api/me/walk-weather: the DWD's warnings for the home area (issue 52)
  mapLayersArea, // /api/map/layers/:layer
  placesArea, // /api/places*
  mapContribArea, // /api/map-contrib*
  walkRoutesArea, // /api/routes/plan, /api/routes*, /api/routes/:id/gpx
  walksArea, // /api/walks/weekly, /api/walks*
  adminStatsArea, // /api/admin/stats
  exportsArea, // /api/me/exports*
  calendarFeedArea, // /api/me/calendar-feed*, /kalender/:token.ics (the secret feed address)
  mediaFiles, // /media/* with permission check: every manifest's `mediaRules`
  partnerArea,
  upgradesArea,
  adminUsersArea,
  ipBlocksArea,
  cspReportsArea, // /api/csp-reports (browsers), /api/admin/csp-reports
  invoicesArea,
  operatorArea, // /api/admin/settings, /api/plans/prices, /impressum, /datenschutz, /api/plans, /tarife, /preise, /.well-known/security.txt
  metrics, // /metrics (Prometheus; only with METRICS_TOKEN)
  pwaArea, // static /build /js /css /icons, /sw.js, /manifest.webmanifest, /app/*, /force-update
  publicPagesArea, // exactly / and /sitemap.xml
  wikiArea, // /api/wiki/*, /rassen, /rassen/:slug
  helpArea, // /api/admin/help-articles*, /api/help, /help
];

/**
 * The data export's sections in the ZIP's order, by manifest name (the ZIP's layout predates the list, whose order
 * is the routes'). The record and map kinds' sections come first (recordRoutes and geoKindRoutes add them as their
 * routes mount); a manifest with `exportSections` that is not named here follows these, in list order.
 */
export const EXPORT_ORDER = [
  'accounts',
  'place',
  'dogs',
  'diary',
  'health',
  'trips',
  'doses',
  'expenses',
  'duties',
  'notes',
  'walk-routes',
  'walks',
  'places',
  'messages',
  'forum',
  'map-contrib',
  'invoices',
];
