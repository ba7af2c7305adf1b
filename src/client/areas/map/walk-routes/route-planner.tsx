import { LIMITS } from '#shared/limits.js';
import type { AnswerOf } from '../../../core/api.js';

/** A saved route as the list answers it; a computed plan as POST /api/routes/plan answers it. */
type SavedRouteItem = AnswerOf<'/api/routes', 'get'>['items'][number];
type RoutePlan = AnswerOf<'/api/routes/plan', 'post'>;
import { formatKm } from '../../../core/format.js';
import { useEffect, useState } from 'preact/hooks';
import { api, ApiError, apiGet, apiHref } from '../../../core/api.js';
import { ConfirmDelete, useConfirmDelete } from '../../../ui/confirm-delete.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { MoreButton, usePagedList } from '../../../ui/paged-list.js';
import { Empty, Load } from '../../../ui/states.js';
import type { RouteMap } from '../../../ui/map/nearby-map.js';
import { useMapChunk } from '../../../ui/map/use-map-chunk.js';
import { FALLBACK_CENTRE, useSearchPosition } from '../../../ui/map/position.js';
import { NearbyRoutes } from './nearby-routes.js';
import { routesTexts } from './texts.js';

const MAX_POINTS = 25;

/** The saved form: name and sharing for the plan on screen. */
function SaveRoute({ plan, onSaved }: { plan: RoutePlan; onSaved: () => void }) {
  const [done, setDone] = useState(false);
  const form = useForm({ name: '', public: false }, { rules: { name: { required: true, maxLength: LIMITS.title } } });
  const submit = form.onSubmit(async (v) => {
    await api.POST('/api/routes', {
      body: {
        name: v.name.trim(),
        geometry: plan.geometry,
        distance_m: Math.round(plan.distance_m),
        duration_s: Math.round(plan.duration_s),
        public: v.public,
      },
    });
    setDone(true);
    onSaved();
  });
  if (done) return <p role="status">{routesTexts.saved}</p>;
  return (
    <form class="form card" ref={form.formRef} onSubmit={submit} noValidate>
      <h2>{routesTexts.saveTitle}</h2>
      <FormSummary message={form.summary} />
      <Field form={form} name="name" label={routesTexts.name} required maxLength={LIMITS.title} />
      <Field form={form} name="public" label={routesTexts.share} type="checkbox" />
      <SubmitButton busy={form.busy} offline={form.offline}>
        {routesTexts.save}
      </SubmitButton>
    </form>
  );
}

function MyRoutes({ list }: { list: ReturnType<typeof usePagedList<SavedRouteItem>> }) {
  const del = useConfirmDelete<SavedRouteItem>(
    (r) => api.DELETE('/api/routes/{id}', { params: { path: { id: r.id } } }),
    () => list.reload(),
  );
  return (
    <section>
      <h2>{routesTexts.myRoutes}</h2>
      <Load resource={list.resource} onRetry={list.reload}>
        {(routes) =>
          routes.length === 0 ? (
            <Empty title={routesTexts.noRoutes} />
          ) : (
            <ul class="contrib-list">
              {routes.map((r) => (
                <li key={r.id}>
                  <strong>{r.name}</strong> · {formatKm(r.distance_m)}
                  {r.duration_s !== null ? ` · ${routesTexts.minutes(r.duration_s)}` : ''}
                  {r.public ? <span class="muted"> · {routesTexts.publicBadge}</span> : null}
                  <br />
                  <a href={apiHref('/api/routes/{id}/gpx', { params: { path: { id: r.id } } })} download>
                    {routesTexts.gpx}
                  </a>{' '}
                  <button type="button" class="link-button" onClick={() => del.ask(r)}>
                    {routesTexts.delete}
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </Load>
      <MoreButton list={list} />
      <ConfirmDelete state={del} title={del.target ? routesTexts.deleteTitle(del.target.name) : ''}>
        <p>{routesTexts.deleteText}</p>
      </ConfirmDelete>
    </section>
  );
}

/** /app/routen: tap points on the map, let the routing service find the footpaths, see distance and time, save. */
export function RoutePlannerScreen() {
  const { position } = useSearchPosition();
  const center = position ?? FALLBACK_CENTRE;
  const [points, setPoints] = useState<[number, number][]>([]);
  const [plan, setPlan] = useState<RoutePlan | null>(null);
  const [state, setState] = useState<{ kind: 'idle' | 'planning' } | { kind: 'error'; message: string }>({ kind: 'idle' });
  const routes = usePagedList(apiGet('/api/routes', { params: { query: { limit: 50 } } }));

  const { box, map } = useMapChunk<RouteMap>(
    (m, container) => m.planRouteMap(container, center, (p) => setPoints((prev) => (prev.length >= MAX_POINTS ? prev : [...prev, p]))),
    [center.lat, center.lon],
  );

  useEffect(() => {
    map.current?.setPoints(points);
    setPlan(null);
    map.current?.setLine([]);
  }, [points]);

  const calculate = async () => {
    setState({ kind: 'planning' });
    try {
      // The document lists the defaulted profile as required; the app sends the server's default.
      const p = await api.POST('/api/routes/plan', { body: { points, profile: 'foot-walking' } });
      setPlan(p);
      map.current?.setLine(p.geometry.coordinates.map((c): [number, number] => [c[1] ?? 0, c[0] ?? 0]));
      setState({ kind: 'idle' });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setState({ kind: 'error', message: e.message });
    }
  };

  return (
    <section class="page nearby">
      <h1>{routesTexts.plannerTitle}</h1>
      <p>{routesTexts.plannerHint}</p>
      <div ref={box} class="nearby-map" role="region" aria-label={routesTexts.plannerTitle} />
      <p class="muted small" role="status">
        {routesTexts.points(points.length)}
      </p>
      <p class="link-row">
        <button type="button" class="button" disabled={points.length < 2 || state.kind === 'planning'} onClick={() => void calculate()}>
          {state.kind === 'planning' ? routesTexts.planning : routesTexts.plan}
        </button>
        <button type="button" class="button button-secondary" disabled={points.length === 0} onClick={() => setPoints((prev) => prev.slice(0, -1))}>
          {routesTexts.undo}
        </button>
        <button type="button" class="button button-secondary" disabled={points.length === 0} onClick={() => setPoints([])}>
          {routesTexts.reset}
        </button>
      </p>
      {state.kind === 'error' && (
        <p class="notice notice-error" role="alert">
          {state.message}
        </p>
      )}
      {plan && (
        <>
          <p class="route-summary" role="status">
            {formatKm(plan.distance_m)} · {routesTexts.minutes(plan.duration_s)}
          </p>
          {plan.remaining_this_week !== null && <p class="muted small">{routesTexts.remaining(plan.remaining_this_week)}</p>}
          <SaveRoute plan={plan} onSaved={routes.reload} />
        </>
      )}
      <MyRoutes list={routes} />
      <NearbyRoutes />
      <p>
        <a href="/app/spaziergaenge">{routesTexts.toWalks}</a>
      </p>
    </section>
  );
}
