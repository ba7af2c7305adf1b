import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { walkWeatherOf } from './walk-weather.service.js';
import { AlertKind, DWD_SOURCE, StoredAlert } from './walk-weather.types.js';

/** A stored warning as the API shows it: described for the document, with what it means for the walk. */
const WalkWeatherAlert = StoredAlert.extend({
  id: z.string().meta({ description: 'Kennung der amtlichen Warnung (CAP)' }),
  event: z.string().meta({ description: 'Ereignis laut DWD, z. B. „STARKE HITZE“' }),
  kind: AlertKind.meta({ description: 'Was die App daraus für den Hund macht (heat, thunderstorm, storm, frost, ice, other)' }),
  hint: z.string().meta({ description: 'Was die Warnung für den Spaziergang bedeutet' }),
}).meta({ id: 'WalkWeatherAlert' });

const WalkWeather = z
  .object({
    alerts: z.array(WalkWeatherAlert),
    source: z.literal(DWD_SOURCE).meta({ description: 'Quelle, die angezeigt werden muss (GeoNutzV)' }),
    place: z.string().nullable().meta({ description: 'Gemeinde der Warnzelle, in der das Heimatgebiet liegt' }),
    home_area: z.boolean().meta({ description: 'false: kein Heimatgebiet im Profil, dann gibt es keine Warnungen' }),
    checked_at: z.string().nullable().meta({ description: 'ok/stale: wann die Liste abgerufen wurde; unreachable: der letzte Versuch (null: noch keiner)' }),
    status: z.enum(['ok', 'stale', 'unreachable']).meta({
      description:
        'ok: frisch (höchstens 45 Minuten alt). stale: der Dienst war zuletzt nicht erreichbar, alerts ist die letzte Liste, die er geliefert hat (abgelaufene Warnungen ausgelassen). unreachable: keine Liste (Dienst nicht erreichbar oder ausgeschaltet).',
    }),
  })
  .meta({ id: 'WalkWeather' });

export function walkWeatherRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags: ['Wetter'], access: 'user' });
  api.get('/api/me/walk-weather', 'Amtliche Wetterwarnungen des DWD für dein Heimatgebiet, mit Hinweisen für den Spaziergang', {
    responses: { 200: ['Die Warnungen und ob der Dienst erreichbar war', WalkWeather] },
    run: ({ actor }) => walkWeatherOf(ctx, actor),
  });
}
