import { badRequest } from '#core/http/route/errors.js';

/**
 * Layers are fetched and cached per tile of 0.25° × 0.25°, whatever the map shows: neighbouring users share tiles,
 * and a pan asks only for tiles not cached yet. A request may span at most 0.5° × 0.5° (decisions), so at most
 * 3 × 3 tiles.
 */
export const TILE_DEG = 0.25;
const MAX_SPAN_DEG = 0.5;

export interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** `south,west,north,east` in decimal degrees (Overpass order); malformed or too large → 400 with a German message. */
export function parseBbox(text: string | undefined): Box {
  const invalid = () => badRequest('Bitte gib den Kartenausschnitt als „süd,west,nord,ost“ an.', { bbox: 'Ungültiger Kartenausschnitt.' });
  if (!text) throw invalid();
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length !== 4 || parts.some((p) => !/^-?\d{1,3}(\.\d{1,10})?$/.test(p))) throw invalid();
  const [south, west, north, east] = parts.map(Number) as [number, number, number, number];
  if (south < -90 || north > 90 || west < -180 || east > 180 || south >= north || west >= east) throw invalid();
  if (north - south > MAX_SPAN_DEG || east - west > MAX_SPAN_DEG)
    throw badRequest('Der Kartenausschnitt ist zu groß: zoom bitte näher heran.', { bbox: 'Höchstens 0,5° × 0,5°.' });
  return { south, west, north, east };
}

const corner = (v: number) => Math.floor(v / TILE_DEG + 1e-9) * TILE_DEG;

/** The tiles covering the box, by their south-west corner. */
export function tilesOf(box: Box): { key: string; box: Box }[] {
  const tiles = [];
  for (let lat = corner(box.south); lat < box.north; lat += TILE_DEG)
    for (let lon = corner(box.west); lon < box.east; lon += TILE_DEG) {
      const south = Math.round(lat * 100) / 100;
      const west = Math.round(lon * 100) / 100;
      tiles.push({ key: `${south.toFixed(2)},${west.toFixed(2)}`, box: { south, west, north: south + TILE_DEG, east: west + TILE_DEG } });
    }
  return tiles;
}

export const inBox = (box: Box, lat: number, lon: number) => lat >= box.south && lat <= box.north && lon >= box.west && lon <= box.east;
