import { z } from 'zod';
import type { AppContext } from '../../../core/context.js';
import { notFound } from '../../../core/http/errors.js';
import { route, type Routes } from '../../../core/http/route.js';
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
  route(
    routes,
    {
      method: 'get',
      path: '/api/map/layers/:layer',
      summary: `Eine Kartenebene aus OpenStreetMap im Ausschnitt (${LAYER_NAMES.join(', ')}), höchstens 0,5° × 0,5°`,
      tags: ['Karte'],
      access: 'user',
      params: z.object({ layer: z.string().max(30) }),
      query: z.object({ bbox: z.string().max(100).meta({ description: 'süd,west,nord,ost in Grad', example: '52.50,13.35,52.55,13.45' }) }),
      responses: {
        200: { description: 'GeoJSON FeatureCollection', schema: LayerAnswer },
        400: { description: 'Ausschnitt ungültig oder zu groß' },
        404: { description: 'Ebene gibt es nicht' },
        503: { description: 'Kartendaten gerade nicht verfügbar' },
      },
    },
    async ({ params, query }, _req, res) => {
      if (!isLayer(params.layer)) throw notFound('Diese Kartenebene gibt es nicht.');
      res.json(await layerFeatures(ctx, params.layer, parseBbox(query.bbox)));
    },
  );
  route(
    routes,
    {
      method: 'get',
      path: '/api/map/search',
      summary: 'Orte im Kartenausschnitt nach Namen suchen (Restaurants, Cafés, Bars, Unterkünfte, Geschäfte, Tierärzte, Hundesalons)',
      tags: ['Karte'],
      access: 'user',
      before: [ctx.limits.mapSearch],
      query: z.object({ bbox: z.string().max(100), q: SearchWords }),
      responses: {
        200: { description: 'Treffer (höchstens 50)', schema: z.object({ items: z.array(Feature) }).meta({ id: 'VenueSearch' }) },
        400: { description: 'Ausschnitt oder Suchwort ungültig' },
        503: { description: 'Kartendaten gerade nicht verfügbar' },
      },
    },
    async ({ query, actor }, _req, res) => {
      res.json(await searchVenues(ctx, actor, query.q, parseBbox(query.bbox)));
    },
  );
}
