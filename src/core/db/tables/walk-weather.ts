import type { Generated } from 'kysely';

/** Walk weather (features/dog-records/weather, migration 0056): home areas matched to DWD warn cells, and each cell's last list. */
export interface WeatherPlacesTable {
  lat_e2: number;
  lon_e2: number;
  /** Null: Bright Sky knows no cell there (outside Germany). */
  warn_cell_id: number | null;
  place_name: string | null;
  resolved_at: string;
}

export interface WeatherCellAlertsTable {
  warn_cell_id: number;
  /** The last list Bright Sky gave, as StoredAlert[] (walk-weather.types.ts). */
  alerts_json: string;
  /** When that list was fetched; null when no ask ever worked. */
  fetched_at: string | null;
  /** The last ask, good or not. */
  checked_at: string;
  /** 1 when the last ask failed. */
  failed: number;
  /** Ids of the warnings whose push reached every user of the cell (a JSON array): later runs tell only newcomers. */
  told_json: Generated<string>;
}

export interface WalkWeatherTables {
  weather_places: WeatherPlacesTable;
  weather_cell_alerts: WeatherCellAlertsTable;
}
