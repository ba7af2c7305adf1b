/**
 * The map layers (decisions: Map, places and OpenStreetMap) and the Overpass QL that finds each in a tile
 * (upstreams.md §1.3). Groomers are "pet grooming shop or pet grooming craft", as the spec says.
 */
export const LAYERS = {
  vet: { label: 'Tierärzte', selectors: ['nwr["amenity"="veterinary"]'] },
  groomer: { label: 'Hundesalons', selectors: ['nwr["shop"="pet_grooming"]', 'nwr["craft"="pet_grooming"]'] },
  dog_friendly: { label: 'Hunde willkommen', selectors: ['nwr["dog"~"^(yes|leashed)$"]["name"]'] },
  dog_park: { label: 'Hundewiesen', selectors: ['nwr["leisure"="dog_park"]'] },
  water: { label: 'Trinkwasser', selectors: ['node["amenity"="drinking_water"]'] },
} as const;

export type LayerName = keyof typeof LAYERS;
export const LAYER_NAMES = Object.keys(LAYERS) as [LayerName, ...LayerName[]];
export const isLayer = (name: string): name is LayerName => name in LAYERS;

/** At most this many elements per tile: a city centre's vets fit many times over; a runaway answer does not. */
export const MAX_ELEMENTS_PER_TILE = 2_000;

/** One tile's query: tags and centres only (no node lists), a short server timeout, a size cap (§1.3). */
export function tileQuery(layer: LayerName, box: { south: number; west: number; north: number; east: number }): string {
  const bbox = `${box.south},${box.west},${box.north},${box.east}`;
  const parts = LAYERS[layer].selectors.map((s) => `${s}(${bbox});`).join('');
  return `[out:json][timeout:25][maxsize:67108864];(${parts});out tags center ${MAX_ELEMENTS_PER_TILE};`;
}
