import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_dogs.js';
import * as m0003p from './0003_partner_upgrades_invoices.js';
import * as m0004 from './0004_diary_media_weather.js';
import * as m0005 from './0005_public_web.js';
import * as m0006 from './0006_diary_views_indexes.js';
import * as m0007 from './0007_push.js';
import * as m0009 from './0009_health.js';
import * as m0010 from './0010_hardening.js';
import * as m0011 from './0011_routines.js';
import * as m0012 from './0012_expenses_notes_ai.js';
import * as m0013 from './0013_breeder.js';
import * as m0014 from './0014_community.js';
import * as m0015 from './0015_nearby.js';
import * as m0016 from './0016_nearby_kinds.js';
import * as m0017 from './0017_nearby_photos_reports.js';
import * as m0018 from './0018_operator_settings.js';
import * as m0019 from './0019_help_starter.js';
import * as m0020 from './0020_diary_search.js';
import * as m0021 from './0021_place_names.js';
import * as m0022 from './0022_osm_tile_cache.js';
import * as m0023 from './0023_places.js';
import * as m0024 from './0024_map_contributions.js';
import * as m0025 from './0025_routes_walks.js';
import * as m0026 from './0026_care_kinds.js';
import * as m0027 from './0027_puppy_grams.js';
import * as m0028 from './0028_ip_block_hits.js';
import * as m0029 from './0029_csp_reports.js';
import * as m0030 from './0030_content_reports.js';
import * as m0031 from './0031_password_resets.js';
import * as m0032 from './0032_diary_author.js';
import * as m0033 from './0033_email_changes.js';
import * as m0034 from './0034_data_exports.js';
import * as m0035 from './0035_safety_mail.js';
import * as m0036 from './0036_description_limits.js';
import * as m0037 from './0037_upstream_slots.js';
import * as m0038 from './0038_routing_usage.js';
import * as m0039 from './0039_contribution_venue_read.js';
import * as m0040 from './0040_calendar_feeds.js';
import * as m0041 from './0041_vet_appointments.js';
import * as m0042 from './0042_idempotency_keys.js';
import * as m0043 from './0043_spatial_index.js';
import * as m0044 from './0044_notifications_unread.js';
import * as m0045 from './0045_overdue_reminders.js';
import * as m0046 from './0046_vet_visit_time.js';
import * as m0047 from './0047_near_places_routes_walks.js';
import * as m0048 from './0048_invoice_line_description.js';
import * as m0049 from './0049_operator_register.js';
import * as m0050 from './0050_passkeys.js';
import * as m0051 from './0051_totp.js';
import * as m0052 from './0052_security_events.js';
import * as m0053 from './0053_travel_records.js';
import * as m0054 from './0054_trips.js';
import * as m0055 from './0055_doses.js';
import * as m0056 from './0056_walk_weather.js';
import * as m0058 from './0058_poison_warning_city.js';
import * as m0059 from './0059_active_spatial_index.js';
import * as m0060 from './0060_user_places.js';
import * as m0061 from './0061_expense_currency.js';
import * as m0062 from './0062_dog_duties.js';

/**
 * Every migration, in order. Forward-only: a landed migration is never edited; add a new file and a line here.
 * Listed statically (not read from the folder) so the bundled server and the tests run the same set.
 * 0008 was never used: it was reserved while 0009 landed, and Kysely refuses a migration older than one already run.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_dogs': m0002,
  '0003_partner_upgrades_invoices': m0003p,
  '0004_diary_media_weather': m0004,
  '0005_public_web': m0005,
  '0006_diary_views_indexes': m0006,
  '0007_push': m0007,
  '0009_health': m0009,
  '0010_hardening': m0010,
  '0011_routines': m0011,
  '0012_expenses_notes_ai': m0012,
  '0013_breeder': m0013,
  '0014_community': m0014,
  '0015_nearby': m0015,
  '0016_nearby_kinds': m0016,
  '0017_nearby_photos_reports': m0017,
  '0018_operator_settings': m0018,
  '0019_help_starter': m0019,
  '0020_diary_search': m0020,
  '0021_place_names': m0021,
  '0022_osm_tile_cache': m0022,
  '0023_places': m0023,
  '0024_map_contributions': m0024,
  '0025_routes_walks': m0025,
  '0026_care_kinds': m0026,
  '0027_puppy_grams': m0027,
  '0028_ip_block_hits': m0028,
  '0029_csp_reports': m0029,
  '0030_content_reports': m0030,
  '0031_password_resets': m0031,
  '0032_diary_author': m0032,
  '0033_email_changes': m0033,
  '0034_data_exports': m0034,
  '0035_safety_mail': m0035,
  '0036_description_limits': m0036,
  '0037_upstream_slots': m0037,
  '0038_routing_usage': m0038,
  '0039_contribution_venue_read': m0039,
  '0040_calendar_feeds': m0040,
  '0041_vet_appointments': m0041,
  '0042_idempotency_keys': m0042,
  '0043_spatial_index': m0043,
  '0044_notifications_unread': m0044,
  '0045_overdue_reminders': m0045,
  '0046_vet_visit_time': m0046,
  '0047_near_places_routes_walks': m0047,
  '0048_invoice_line_description': m0048,
  '0049_operator_register': m0049,
  '0050_passkeys': m0050,
  '0051_totp': m0051,
  '0052_security_events': m0052,
  '0053_travel_records': m0053,
  '0054_trips': m0054,
  '0055_doses': m0055,
  '0056_walk_weather': m0056,
  '0058_poison_warning_city': m0058,
  '0059_active_spatial_index': m0059,
  '0060_user_places': m0060,
  '0061_expense_currency': m0061,
  '0062_dog_duties': m0062,
};
