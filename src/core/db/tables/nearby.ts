import type { Generated } from 'kysely';

/** The frame every geo-listed community kind shares (src/core/geo-items relies on it). */
export interface GeoItemFrame {
  id: Generated<number>;
  /** null once the author's account is gone (active reports stay, anonymised). */
  user_id: number | null;
  lat: number;
  lon: number;
  created_at: string;
  updated_at: string;
  /** One photo, in the author's media folder (/media/u/<id>/nearby/…); gone with the account. */
  photo_url: string | null;
}

export interface PoisonWarningsTable extends GeoItemFrame {
  kind: string;
  description: string;
  /** 'unconfirmed' | 'confirmed' | 'false_alarm' | 'archived' */
  status: Generated<string>;
  confirmed_count: Generated<number>;
  last_activity_at: string;
  /** The town from reverse geocoding (migrations/0058), for the public figures; null until looked up or where none. */
  city: string | null;
  city_slug: string | null;
  /** When the town was looked up (null: still to do, the job `poison-warnings.cities` fills it). */
  city_checked_at: string | null;
  /** When it became confirmed (kept after the archive job changes the status). */
  confirmed_at: string | null;
}

export interface PoisonConfirmationsTable {
  warning_id: number;
  user_id: number;
  created_at: string;
}

export interface LostDogsTable extends GeoItemFrame {
  name: string;
  description: string;
  last_seen_at: string;
  dog_id: number | null;
  contact: string | null;
  /** 'lost' | 'found' */
  status: Generated<string>;
  found_at: string | null;
}

/** Community on the map (area nearby). */
/** One safety alert mail per user and warning: queued, sent, held for the evening mail, or sent in it. */
export interface SafetyMailsTable {
  id: Generated<number>;
  user_id: number;
  /** 'poison' | 'lost' */
  kind: string;
  item_id: number;
  distance_km: number;
  /** 'queued' | 'sending' | 'sent' | 'evening' | 'digested' | 'dropped' */
  state: Generated<string>;
  created_at: string;
  sent_at: string | null;
}

/** Warnings whose mail recipients were worked out (once each). */
export interface SafetyMailFanoutsTable {
  kind: string;
  item_id: number;
  done_at: string;
}

export interface NearbyTables {
  poison_warnings: PoisonWarningsTable;
  poison_confirmations: PoisonConfirmationsTable;
  lost_dogs: LostDogsTable;
  safety_mails: SafetyMailsTable;
  safety_mail_fanouts: SafetyMailFanoutsTable;
}

export interface PlaydatesTable extends GeoItemFrame {
  title: string;
  description: string | null;
  starts_at: string;
  place_name: string | null;
  max_dogs: number | null;
}

export interface PlaydateParticipantsTable {
  playdate_id: number;
  dog_id: number;
  user_id: number;
  share_heat: Generated<number>;
  created_at: string;
}

export interface AdoptionsTable extends GeoItemFrame {
  title: string;
  description: string;
  breed: string | null;
  birth_date: string | null;
  sex: string | null;
  contact: string | null;
  status: Generated<string>;
}

export interface EventsTable extends GeoItemFrame {
  title: string;
  description: string | null;
  starts_at: string;
  ends_at: string | null;
  place_name: string | null;
}

export interface SittingTable extends GeoItemFrame {
  type: string;
  description: string;
  available_from: string | null;
  available_until: string | null;
  price_note: string | null;
}

export interface WalkSlotsTable extends GeoItemFrame {
  weekday: number;
  start_time: string;
  end_time: string;
  place_name: string | null;
  dog_id: number | null;
}

export interface ServicesTable extends GeoItemFrame {
  name: string;
  category: string;
  description: string | null;
  address: string | null;
  phone: string | null;
  url: string | null;
  opening_hours: string | null;
}

/** The other geo kinds (area nearby). */
export interface NearbyKindsTables {
  playdates: PlaydatesTable;
  playdate_participants: PlaydateParticipantsTable;
  adoptions: AdoptionsTable;
  events: EventsTable;
  sitting: SittingTable;
  walk_slots: WalkSlotsTable;
  services: ServicesTable;
}
