import { kindGet } from '../../../../core/api.js';
import { Fragment, type ComponentType } from 'preact';
import { formatDate, formatDateTime } from '../../../../core/format.js';
import type { ScreenProps } from '../../../../core/screen.js';
import { RichText } from '../../../../ui/rich-text.js';
import { Load, useResource } from '../../../../ui/states.js';
import { DeleteItem, ItemPhoto, ReportItem } from '../../../../ui/map/item-parts.js';
import { SpotMap } from '../../../../ui/map/spot-map.js';
import { BackToNearby } from '../back-link.js';
import { nearbyTexts } from '../texts.js';
import { PlaydateParticipants } from './playdate-participants.js';
import type { FieldSpec, ListingSpec } from './specs.js';
import { WalkSlotMatches } from './walk-slot-matches.js';

type Item = Record<string, unknown> & { id: number; lat: number; lon: number; photo_url: string | null; mine: boolean; created_at: string };

function shown(field: FieldSpec, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (field.kind === 'datetime') return formatDateTime(String(value));
  if (field.kind === 'date') return formatDate(String(value));
  if (field.kind === 'select') return field.options?.find((o) => o.value === String(value))?.label ?? String(value);
  return String(value);
}

function Facts({ spec, item }: { spec: ListingSpec; item: Item }) {
  // Long texts follow as paragraphs; the title or name is the heading already.
  const rows = spec.fields.filter((f) => f.kind !== 'textarea' && f.name !== 'title' && f.name !== 'name').map((f) => [f, shown(f, item[f.name])] as const);
  return (
    <dl class="facts">
      {rows
        .filter(([, v]) => v !== null)
        .map(([f, v]) => (
          <Fragment key={f.name}>
            <dt>{f.label}</dt>
            <dd>
              {f.kind === 'url' ? (
                <a href={String(v)} rel="noopener noreferrer nofollow" target="_blank">
                  {v}
                </a>
              ) : (
                v
              )}
            </dd>
          </Fragment>
        ))}
    </dl>
  );
}

/** /app/<slug>/<id>: the item with its facts, photo and the kind's extras; report or delete. */
export function listingDetailScreen(spec: ListingSpec): ComponentType<ScreenProps> {
  return function ListingDetailScreen({ params }: ScreenProps) {
    const [item, reload] = useResource(kindGet<Item>(`/api/${spec.path}/{id}`, { params: { path: { id: Number(params.id) } } }));
    return (
      <section class="page page-narrow nearby">
        <h1>{item.status === 'ready' ? spec.heading(item.data) : spec.label}</h1>
        <Load resource={item} onRetry={reload}>
          {(i) => (
            <article class="card">
              <p class="muted small">
                {spec.label} · {nearbyTexts.ago(i.created_at)}
              </p>
              <ItemPhoto path={spec.path} item={i} alt={spec.heading(i)} onChange={reload} />
              <Facts spec={spec} item={i} />
              {spec.fields
                .filter((f) => f.kind === 'textarea' && typeof i[f.name] === 'string' && i[f.name])
                .map((f) => (
                  <RichText key={f.name} text={String(i[f.name])} />
                ))}
              <SpotMap at={{ lat: i.lat, lon: i.lon }} />
              {spec.path === 'playdates' && <PlaydateParticipants playdate={i} onChange={reload} />}
              {spec.path === 'walk-slots' && i.mine && <WalkSlotMatches id={i.id} />}
              <p class="link-row">
                {i.mine && (
                  <a class="button button-secondary button-small" href={`/app/${spec.slug}/${i.id}/bearbeiten`}>
                    {nearbyTexts.edit}
                  </a>
                )}
                {i.mine ? <DeleteItem path={spec.path} id={i.id} title={spec.heading(i)} /> : <ReportItem path={spec.path} id={i.id} />}
              </p>
            </article>
          )}
        </Load>
        <BackToNearby />
      </section>
    );
  };
}
