/**
 * What every screen gets from the router. Here in core, not in routes.ts: the route table imports the areas (lazily),
 * and the areas import only this, so the two meet in one direction.
 */
export interface ScreenProps {
  params: Record<string, string>;
  query: URLSearchParams;
}
