import { apiGet } from '../../../core/api.js';
import type { AdminStats } from '../../../api/types.js';
import { Load, useResource } from '../../../ui/states.js';
import { AdminFrame } from '../../../ui/admin-frame.js';
import { adminStatsTexts } from './texts.js';

const statsTexts = adminStatsTexts.stats;

/** A small bar chart: one row per key, the bar's width relative to the largest value. */
function Bars({ title, counts, labels = {} }: { title: string; counts: Record<string, number>; labels?: Record<string, string> }) {
  const rows = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  const max = Math.max(1, ...rows.map(([, n]) => n));
  return (
    <section class="card" aria-label={title}>
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p class="muted">{statsTexts.none}</p>
      ) : (
        <ul class="stat-bars">
          {rows.map(([key, n]) => (
            <li key={key}>
              <span class="stat-label">{labels[key] ?? key}</span>
              <span class="stat-bar" style={{ width: `${Math.max(2, (n / max) * 100)}%` }} aria-hidden="true" />
              <span class="stat-value">{n.toLocaleString('de-DE')}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** How warnings reach the active users: the share with a home area, with push, with mail (issue 37). */
function WarningChannels({ counts }: { counts: AdminStats['warning_channels'] }) {
  const share = (n: number) => (counts.active_users === 0 ? '–' : `${Math.round((n / counts.active_users) * 100)} %`);
  return (
    <section class="card" aria-labelledby="h-warning-channels">
      <h2 id="h-warning-channels">{statsTexts.warningsTitle}</h2>
      <ul class="plain-list">
        {(
          [
            [statsTexts.warningsHome, counts.home_area],
            [statsTexts.warningsPush, counts.push],
            [statsTexts.warningsMail, counts.mail],
          ] as const
        ).map(([label, n]) => (
          <li key={label}>
            {label}: <strong>{share(n)}</strong> <span class="muted">({statsTexts.ofActive(n, counts.active_users)})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /app/admin/statistik: the numbers of GET /api/admin/stats. */
export function StatsScreen() {
  const [stats, reload] = useResource(apiGet('/api/admin/stats'));
  return (
    <AdminFrame title={statsTexts.title}>
      <Load resource={stats} onRetry={reload}>
        {(s) => (
          <>
            <ul class="stat-tiles">
              {(
                [
                  [statsTexts.users, s.users_total],
                  [statsTexts.dogs, s.dogs_total],
                  [statsTexts.entries, s.diary_entries_total],
                  [statsTexts.places, s.user_poi_total],
                ] as const
              ).map(([label, n]) => (
                <li key={label} class="card">
                  <strong>{n.toLocaleString('de-DE')}</strong>
                  <span class="muted">{label}</span>
                </li>
              ))}
            </ul>
            <Bars title={statsTexts.byTier} counts={s.users_by_tier} labels={statsTexts.tiers} />
            <Bars title={statsTexts.placesByType} counts={s.user_poi_by_type} />
            <Bars title={statsTexts.osmCached} counts={s.osm_poi_cached_by_type} labels={statsTexts.layers} />
            <Bars title={statsTexts.contributions} counts={s.contributions_by_status} />
            <WarningChannels counts={s.warning_channels} />
          </>
        )}
      </Load>
    </AdminFrame>
  );
}
