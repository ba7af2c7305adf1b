import type { AccountsTables } from './tables/accounts.js';
import type { OperatorTables } from './tables/operator.js';
import type { MapTables } from './tables/map.js';
import type { RoutesTables } from './tables/routes.js';
import type { DiaryTables } from './tables/diary.js';
import type { DogsTables } from './tables/dogs.js';
import type { InvoicesTables } from './tables/invoices.js';
import type { NotificationsTables } from './tables/notifications.js';
import type { PartnerTables } from './tables/partner.js';
import type { PlatformTables } from './tables/platform.js';
import type { UpgradesTables } from './tables/upgrades.js';
import type { WeatherTables } from './tables/weather.js';
import type { WalkWeatherTables } from './tables/walk-weather.js';
import type { HelpTables } from './tables/help.js';
import type { WikiTables } from './tables/wiki.js';
import type { HealthTables } from './tables/health.js';
import type { PushTables } from './tables/push.js';
import type { RoutinesTables } from './tables/routines.js';
import type { MoneyNotesTables } from './tables/money-notes.js';
import type { BreederTables } from './tables/breeder.js';
import type { CommunityTables } from './tables/community.js';
import type { NearbyKindsTables, NearbyTables } from './tables/nearby.js';
import type { ReportsTables } from './tables/reports.js';
import type { CalendarFeedTables } from './tables/calendar-feeds.js';
import type { IdempotencyTables } from './tables/idempotency.js';
import type { SecurityTables } from './tables/security.js';
import type { PlaceTables } from './tables/place.js';
import type { TripsTables } from './tables/trips.js';

/**
 * The typed database: one interface per area's tables, joined here.
 * Add a line (an `extends`) when an area gets tables; keep the table types in tables/<area>.ts.
 */
export interface Database
  extends
    AccountsTables,
    PlatformTables,
    DogsTables,
    PartnerTables,
    UpgradesTables,
    InvoicesTables,
    WikiTables,
    HelpTables,
    DiaryTables,
    WeatherTables,
    WalkWeatherTables,
    NotificationsTables,
    HealthTables,
    PushTables,
    RoutinesTables,
    MoneyNotesTables,
    BreederTables,
    CommunityTables,
    NearbyTables,
    NearbyKindsTables,
    ReportsTables,
    OperatorTables,
    MapTables,
    RoutesTables,
    CalendarFeedTables,
    IdempotencyTables,
    SecurityTables,
    PlaceTables,
    TripsTables {}
