import type { ComponentChildren } from 'preact';
import { RadiusSelect } from '../radius-select.js';
import { mapItemTexts } from './texts.js';

/**
 * The search row of the nearby screens (map, diary, routes): "use my current position" (asked for only on the
 * tap), the radius, and below it what the position lookup says. `children` stand first in the row.
 */
export function SearchPositionRow({
  locate,
  status,
  radii,
  radius,
  onRadius,
  children,
}: {
  locate: () => void;
  status: string | null;
  radii: readonly number[];
  radius: number;
  onRadius: (km: number) => void;
  children?: ComponentChildren;
}) {
  return (
    <>
      <div class="filter-row">
        {children}
        <button type="button" class="button button-secondary button-small" onClick={locate}>
          {mapItemTexts.useMine}
        </button>
        <RadiusSelect label={mapItemTexts.radius} radii={radii} value={radius} onChange={onRadius} format={mapItemTexts.km} />
      </div>
      {status && (
        <p class="notice notice-info" role="status">
          {status}
        </p>
      )}
    </>
  );
}
