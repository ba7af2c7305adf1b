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
}

export interface PoisonWarningsTable extends GeoItemFrame {
  kind: string;
  description: string;
  /** 'unconfirmed' | 'confirmed' | 'false_alarm' | 'archived' */
  status: Generated<string>;
  confirmed_count: Generated<number>;
  last_activity_at: string;
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
export interface NearbyTables {
  poison_warnings: PoisonWarningsTable;
  poison_confirmations: PoisonConfirmationsTable;
  lost_dogs: LostDogsTable;
}
