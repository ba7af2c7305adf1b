import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { notFound } from '#core/http/route/errors.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { isLayer, LAYER_NAMES } from './layers.js';
import { layerFeatures } from './map-layers.service.js';
import { parseBbox } from './tiles.js';
import { WELCOME_KINDS } from './venue-kinds.js';
import { searchVenues } from './venue-search.js';

/** Letters (any script), digits, spaces and the marks of business names; nothing a regex or Overpass QL reads. */
const SearchWords = z
  .string()
  .trim()
  .min(2, 'Bitte gib mindestens 2 Zeichen ein.')
  .max(60)
  .regex(/^[\p{L}\p{N} .,'&-]+$/u, 'Bitte nur Buchstaben, Ziffern und Leerzeichen.');

const Feature = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  properties: z.object({
    osm_type: z.string(),
    osm_id: z.number().int(),
    name: z.string().nullable(),
    type: z.string(),
    opening_hours: z.string().optional(),
    dog: z.string().nullable(),
    welcome_kind: z
      .enum(WELCOME_KINDS)
      .nullable()
      .optional()
      .meta({ description: 'Art des Orts, für den „Hunde willkommen“ gemeldet werden kann; sonst null' }),
  }),
});
const LayerAnswer = z
  .object({
    type: z.literal('FeatureCollection'),
    layer: z.string(),
    label: z.string(),
    stale: z.boolean().meta({ description: 'true: mindestens ein Teil ist älter als ein Tag und wird gerade erneuert' }),
    features: z.array(Feature),
  })
  .meta({ id: 'MapLayer' });

export function mapLayersRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags: ['Karte'], access: 'user' });
  api.get('/api/map/layers/:layer', `Eine Kartenebene aus OpenStreetMap im Ausschnitt (${LAYER_NAMES.join(', ')}), höchstens 0,5° × 0,5°`, {
    params: z.object({ layer: z.string().max(30) }),
    query: z.object({ bbox: z.string().max(100).meta({ description: 'süd,west,nord,ost in Grad', example: '52.50,13.35,52.55,13.45' }) }),
    responses: {
      200: ['GeoJSON FeatureCollection', LayerAnswer],
      400: 'Ausschnitt ungültig oder zu groß',
      404: 'Ebene gibt es nicht',
      503: 'Kartendaten gerade nicht verfügbar',
    },
    run: async ({ params, query }) => {
      if (!isLayer(params.layer)) throw notFound('Diese Kartenebene gibt es nicht.');
      return await layerFeatures(ctx, params.layer, parseBbox(query.bbox));
    },
  });
  api.get('/api/map/search', 'Orte im Kartenausschnitt nach Namen suchen (Restaurants, Cafés, Bars, Unterkünfte, Geschäfte, Tierärzte, Hundesalons)', {
    before: [ctx.limits.mapSearch],
    query: z.object({ bbox: z.string().max(100), q: SearchWords }),
    responses: {
      200: ['Treffer (höchstens 50)', z.object({ items: z.array(Feature) }).meta({ id: 'VenueSearch' })],
      400: 'Ausschnitt oder Suchwort ungültig',
      503: 'Kartendaten gerade nicht verfügbar',
    },
    run: ({ query, actor }) => searchVenues(ctx, actor, query.q, parseBbox(query.bbox)),
  });
}
