import type { ComponentType } from 'preact';
import { apiGet, type ApiGet } from './core/api.js';
import type { ScreenProps } from './core/screen.js';
import { healthFirstRequests } from './areas/dog-records/health/first-requests.js';
import { preloadLayerTiles, preloadNearbyMap } from './ui/map/map-preload.js';

export type { ScreenProps };

export type Access = 'guest' | 'user' | 'staff' | 'any';

export interface RouteDef {
  pattern: string;
  access: Access;
  /** Document title (the screen's own <h1> may say more). */
  title: string;
  load: () => Promise<ComponentType<ScreenProps>>;
  /** The GETs the screen will read first (`apiGet(…)`); fetched while the session and the code load (first screen only). */
  prefetch?: ApiGet<unknown>[] | ((params: Record<string, string>) => ApiGet<unknown>[]);
}

// One chunk per area: esbuild splits at each dynamic import, so a screen loads only its own area's code.
const accounts = () => import('./areas/accounts/accounts/index.js');
const calendarFeed = () => import('./areas/accounts/calendar-feed/index.js');
const security = () => import('./areas/accounts/security/index.js');
const dashboard = () => import('./areas/dog-records/dashboard/index.js');
const dogs = () => import('./areas/dog-records/dogs/index.js');
const diary = () => import('./areas/dog-records/diary/index.js');
const adminStats = () => import('./areas/admin/admin-stats/index.js');
const adminUsers = () => import('./areas/admin/admin-users/index.js');
const cspReports = () => import('./areas/admin/csp-reports/index.js');
const invoices = () => import('./areas/admin/invoices/index.js');
const ipBlocks = () => import('./areas/admin/ip-blocks/index.js');
const backups = () => import('./areas/admin/backups/index.js');
const operator = () => import('./areas/admin/operator/index.js');
const partner = () => import('./areas/accounts/partner/index.js');
const upgrades = () => import('./areas/accounts/upgrades/index.js');
const help = () => import('./areas/public-web/help/index.js');
const notifications = () => import('./areas/accounts/notifications/index.js');
const health = () => import('./areas/dog-records/health/index.js');
const heat = () => import('./areas/dog-records/heat/index.js');
const care = () => import('./areas/dog-records/care/index.js');
const trips = () => import('./areas/dog-records/trips/index.js');
const training = () => import('./areas/dog-records/training/index.js');
const expenses = () => import('./areas/dog-records/expenses/index.js');
const duties = () => import('./areas/dog-records/duties/index.js');
const breeder = () => import('./areas/dog-records/breeder/index.js');
const friends = () => import('./areas/community/friends/index.js');
const messages = () => import('./areas/community/messages/index.js');
const forum = () => import('./areas/community/forum/index.js');
const nearby = () => import('./areas/map/nearby/index.js');
const mapLayers = () => import('./areas/map/map-layers/index.js');
const places = () => import('./areas/map/places/index.js');
const mapContrib = () => import('./areas/map/map-contrib/index.js');
const routePlanner = () => import('./areas/map/walk-routes/index.js');
const walks = () => import('./areas/map/walks/index.js');
const foodAlerts = () => import('./areas/map/food-alerts/index.js');

/** The map kinds with a form and a card (areas/map/nearby/listings/specs.ts): /app/<slug>/neu and /app/<slug>/:id. */
/**
 * Every staff screen stands behind the second-factor gate (STAFF_SECOND_FACTOR): app.tsx loads it with the screen.
 */
export const loadStaffGate = () => security().then((m) => m.staffGated);

export const LISTING_PAGES: [slug: string, title: string][] = [
  ['treffen', 'Spieltreffen'],
  ['veranstaltungen', 'Veranstaltung'],
  ['gassizeiten', 'Gassizeit'],
  ['vermittlung', 'Vermittlung'],
  ['betreuung', 'Betreuung'],
  ['dienstleister', 'Dienstleister'],
];

/** THE client route table; first match wins. Paths are German like the rest of the app. */
export const routes: RouteDef[] = [
  { pattern: '/app', access: 'user', title: 'Start', load: () => dashboard().then((m) => m.DashboardScreen), prefetch: [apiGet('/api/welcome-dashboard')] },
  { pattern: '/app/anmelden', access: 'guest', title: 'Anmelden', load: () => accounts().then((m) => m.LoginScreen) },
  { pattern: '/app/passwort-vergessen', access: 'guest', title: 'Passwort vergessen', load: () => accounts().then((m) => m.ForgotPasswordScreen) },
  { pattern: '/app/konto-geloescht', access: 'any', title: 'Konto gelöscht', load: () => accounts().then((m) => m.AccountDeletedScreen) },
  { pattern: '/app/passwort-neu', access: 'any', title: 'Neues Passwort', load: () => accounts().then((m) => m.NewPasswordScreen) },
  { pattern: '/app/registrieren', access: 'guest', title: 'Registrieren', load: () => accounts().then((m) => m.RegisterScreen) },
  { pattern: '/app/email-geaendert', access: 'any', title: 'E-Mail-Adresse geändert', load: () => accounts().then((m) => m.EmailChangedScreen) },
  { pattern: '/app/email-bestaetigt', access: 'any', title: 'E-Mail bestätigt', load: () => accounts().then((m) => m.VerifyResultScreen) },
  { pattern: '/app/hilfe', access: 'any', title: 'Hilfe', load: () => help().then((m) => m.HelpScreen), prefetch: [apiGet('/api/help')] },
  { pattern: '/app/profil', access: 'user', title: 'Profil', load: () => accounts().then((m) => m.ProfileScreen) },
  { pattern: '/app/profil/sicherheit', access: 'user', title: 'Anmeldungen und Sicherheit', load: () => security().then((m) => m.SecurityScreen) },
  { pattern: '/app/profil/kalender', access: 'user', title: 'Kalender-Feed', load: () => calendarFeed().then((m) => m.CalendarFeedScreen) },
  { pattern: '/app/profil/rechnungen', access: 'user', title: 'Rechnungen', load: () => invoices().then((m) => m.OwnInvoicesScreen) },
  { pattern: '/app/tarif', access: 'user', title: 'Tarif', load: () => accounts().then((m) => m.PlanScreen) },
  { pattern: '/app/hunde', access: 'user', title: 'Deine Hunde', load: () => dogs().then((m) => m.DogListScreen) },
  { pattern: '/app/hunde/neu', access: 'user', title: 'Neuer Hund', load: () => dogs().then((m) => m.DogCreateScreen) },
  { pattern: '/app/hunde/:dogId', access: 'user', title: 'Hund', load: () => dogs().then((m) => m.DogProfileScreen) },
  { pattern: '/app/hunde/:dogId/bearbeiten', access: 'user', title: 'Hund bearbeiten', load: () => dogs().then((m) => m.DogEditScreen) },
  {
    pattern: '/app/hunde/:dogId/gesundheit',
    access: 'user',
    title: 'Gesundheit',
    load: () => health().then((m) => m.HealthScreen),
    prefetch: (p) => healthFirstRequests(Number(p.dogId)),
  },
  { pattern: '/app/hunde/:dogId/familie', access: 'user', title: 'Familie', load: () => health().then((m) => m.FamilyScreen) },
  { pattern: '/app/hunde/:dogId/notfallausweis', access: 'user', title: 'Notfallausweis', load: () => health().then((m) => m.EmergencyCardScreen) },
  { pattern: '/app/hunde/:dogId/laeufigkeit', access: 'user', title: 'Läufigkeit', load: () => heat().then((m) => m.HeatScreen) },
  { pattern: '/app/hunde/:dogId/pflege', access: 'user', title: 'Pflege', load: () => care().then((m) => m.CareScreen) },
  { pattern: '/app/hunde/:dogId/pflichten', access: 'user', title: 'Pflichten', load: () => duties().then((m) => m.DutiesScreen) },
  { pattern: '/app/hunde/:dogId/reise', access: 'user', title: 'Reise', load: () => trips().then((m) => m.TripsScreen) },
  { pattern: '/app/hunde/:dogId/training', access: 'user', title: 'Training', load: () => training().then((m) => m.TrainingScreen) },
  { pattern: '/app/ausgaben', access: 'user', title: 'Ausgaben', load: () => expenses().then((m) => m.ExpensesScreen) },
  { pattern: '/app/zucht', access: 'user', title: 'Zucht', load: () => breeder().then((m) => m.BreederScreen) },
  { pattern: '/app/zucht/wurf/:id', access: 'user', title: 'Wurf', load: () => breeder().then((m) => m.LitterScreen) },
  { pattern: '/app/zucht/wurf/:id/wiegen', access: 'user', title: 'Welpen wiegen', load: () => breeder().then((m) => m.WeighScreen) },
  { pattern: '/app/community', access: 'user', title: 'Community', load: () => friends().then((m) => m.CommunityScreen) },
  { pattern: '/app/freunde', access: 'user', title: 'Freunde', load: () => friends().then((m) => m.FriendsScreen) },
  { pattern: '/app/nachrichten', access: 'user', title: 'Nachrichten', load: () => messages().then((m) => m.ConversationsScreen) },
  { pattern: '/app/nachrichten/:userId', access: 'user', title: 'Chat', load: () => messages().then((m) => m.ChatScreen) },
  { pattern: '/app/forum', access: 'user', title: 'Forum', load: () => forum().then((m) => m.ForumScreen) },
  { pattern: '/app/forum/thema/:id', access: 'user', title: 'Forum-Thema', load: () => forum().then((m) => m.ThreadScreen) },
  { pattern: '/app/forum/:slug', access: 'user', title: 'Forum', load: () => forum().then((m) => m.ForumCategoryScreen) },
  { pattern: '/app/in-der-naehe', access: 'user', title: 'In der Nähe', load: () => nearby().then((m) => m.NearbyScreen) },
  { pattern: '/app/heimatgebiet', access: 'user', title: 'Heimatgebiet', load: () => nearby().then((m) => m.HomeAreaScreen) },
  {
    pattern: '/app/karte',
    access: 'user',
    title: 'Karte',
    load: () => {
      // Leaflet and its styles load beside the screen's code, not after it (issue 29: the tiles are the largest paint).
      preloadNearbyMap();
      preloadLayerTiles();
      return mapLayers().then((m) => m.MapLayersScreen);
    },
  },
  { pattern: '/app/karte/ort-neu', access: 'user', title: 'Neuer Ort', load: () => places().then((m) => m.PlaceCreateScreen) },
  { pattern: '/app/karte/ort/:id', access: 'user', title: 'Ort ändern', load: () => places().then((m) => m.PlaceEditScreen) },
  { pattern: '/app/routen', access: 'user', title: 'Route planen', load: () => routePlanner().then((m) => m.RoutePlannerScreen) },
  { pattern: '/app/spaziergaenge', access: 'user', title: 'Spaziergänge', load: () => walks().then((m) => m.WalksScreen) },
  { pattern: '/app/futterwarnungen', access: 'user', title: 'Futterwarnungen', load: () => foodAlerts().then((m) => m.FoodAlertsScreen) },
  { pattern: '/app/karte/beitraege', access: 'user', title: 'Meine Karten-Beiträge', load: () => mapContrib().then((m) => m.ContributionsScreen) },
  { pattern: '/app/giftkoeder/neu', access: 'user', title: 'Giftköder melden', load: () => nearby().then((m) => m.PoisonReportScreen) },
  { pattern: '/app/giftkoeder/:id/bearbeiten', access: 'user', title: 'Giftköder-Warnung ändern', load: () => nearby().then((m) => m.PoisonEditScreen) },
  { pattern: '/app/giftkoeder/:id', access: 'user', title: 'Giftköder-Warnung', load: () => nearby().then((m) => m.PoisonDetailScreen) },
  { pattern: '/app/vermisst/neu', access: 'user', title: 'Hund vermisst', load: () => nearby().then((m) => m.LostReportScreen) },
  { pattern: '/app/vermisst/:id/bearbeiten', access: 'user', title: 'Vermisstmeldung ändern', load: () => nearby().then((m) => m.LostEditScreen) },
  { pattern: '/app/vermisst/:id', access: 'user', title: 'Vermisst', load: () => nearby().then((m) => m.LostDetailScreen) },
  { pattern: '/app/vermisst/:id/aushang', access: 'user', title: 'Aushang', load: () => nearby().then((m) => m.LostPosterScreen) },
  ...LISTING_PAGES.flatMap(([slug, title]): RouteDef[] => [
    { pattern: `/app/${slug}/neu`, access: 'user', title: `${title}: neu`, load: () => nearby().then((m) => m.listingScreen(slug, 'create')) },
    { pattern: `/app/${slug}/:id/bearbeiten`, access: 'user', title: `${title} ändern`, load: () => nearby().then((m) => m.listingScreen(slug, 'edit')) },
    { pattern: `/app/${slug}/:id`, access: 'user', title, load: () => nearby().then((m) => m.listingScreen(slug, 'detail')) },
  ]),
  { pattern: '/app/familie', access: 'user', title: 'Einladungen', load: () => health().then((m) => m.InvitationsScreen) },
  { pattern: '/app/tagebuch', access: 'user', title: 'Tagebuch', load: () => diary().then((m) => m.DiaryListScreen) },
  { pattern: '/app/tagebuch/mosaik', access: 'user', title: 'Tagebuch: Mosaik', load: () => diary().then((m) => m.DiaryMosaicScreen) },
  { pattern: '/app/tagebuch/kalender', access: 'user', title: 'Tagebuch: Kalender', load: () => diary().then((m) => m.DiaryCalendarScreen) },
  { pattern: '/app/tagebuch/karte', access: 'user', title: 'Tagebuch: Karte', load: () => diary().then((m) => m.DiaryMapScreen) },
  { pattern: '/app/tagebuch/suche', access: 'user', title: 'Tagebuch: Suche', load: () => diary().then((m) => m.DiarySearchScreen) },
  { pattern: '/app/tagebuch/in-der-naehe', access: 'user', title: 'Tagebuch: In der Nähe', load: () => diary().then((m) => m.DiaryNearbyScreen) },
  { pattern: '/app/tagebuch/neu', access: 'user', title: 'Neuer Eintrag', load: () => diary().then((m) => m.EntryCreateScreen) },
  // The share target (manifest share_target): the service worker keeps the shared photos and opens this screen.
  { pattern: '/app/teilen', access: 'user', title: 'Fotos teilen', load: () => diary().then((m) => m.SharedPhotosScreen) },
  { pattern: '/app/tagebuch/eintrag/:entryId', access: 'user', title: 'Tagebuch-Eintrag', load: () => diary().then((m) => m.EntryDetailScreen) },
  { pattern: '/app/tagebuch/eintrag/:entryId/bearbeiten', access: 'user', title: 'Eintrag bearbeiten', load: () => diary().then((m) => m.EntryEditScreen) },
  {
    pattern: '/app/benachrichtigungen',
    access: 'user',
    title: 'Benachrichtigungen',
    load: () => notifications().then((m) => m.NotificationCentreScreen),
    prefetch: [apiGet('/api/notifications')],
  },
  {
    pattern: '/app/benachrichtigungen/einstellungen',
    access: 'user',
    title: 'Benachrichtigungen einstellen',
    load: () => notifications().then((m) => m.NotificationSettingsScreen),
  },
  { pattern: '/app/admin', access: 'staff', title: 'Verwaltung', load: () => adminStats().then((m) => m.AdminHomeScreen) },
  { pattern: '/app/admin/partnercodes', access: 'staff', title: 'Partnercodes', load: () => partner().then((m) => m.PartnerCodesScreen) },
  { pattern: '/app/admin/nutzer', access: 'staff', title: 'Nutzer', load: () => adminUsers().then((m) => m.UsersScreen) },
  { pattern: '/app/admin/upgrades', access: 'staff', title: 'Upgrade-Anfragen', load: () => upgrades().then((m) => m.UpgradeRequestsScreen) },
  { pattern: '/app/admin/rechnungen', access: 'staff', title: 'Rechnungen', load: () => invoices().then((m) => m.InvoicesScreen) },
  { pattern: '/app/admin/moderation', access: 'staff', title: 'Meldungen', load: () => forum().then((m) => m.ModerationScreen) },
  { pattern: '/app/admin/statistik', access: 'staff', title: 'Statistik', load: () => adminStats().then((m) => m.StatsScreen) },
  { pattern: '/app/admin/einstellungen', access: 'staff', title: 'Einstellungen', load: () => operator().then((m) => m.SettingsScreen) },
  { pattern: '/app/admin/jobs', access: 'staff', title: 'Jobs', load: () => operator().then((m) => m.JobsScreen) },
  { pattern: '/app/admin/sicherungen', access: 'staff', title: 'Sicherungen', load: () => backups().then((m) => m.BackupsScreen) },
  { pattern: '/app/admin/sperren', access: 'staff', title: 'Gesperrte Adressen', load: () => ipBlocks().then((m) => m.IpBlocksScreen) },
  { pattern: '/app/admin/hilfe', access: 'staff', title: 'Hilfe-Artikel', load: () => help().then((m) => m.HelpAdminScreen) },
  { pattern: '/app/admin/csp', access: 'staff', title: 'CSP-Meldungen', load: () => cspReports().then((m) => m.CspReportsScreen) },
];
