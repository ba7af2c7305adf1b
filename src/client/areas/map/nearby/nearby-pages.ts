import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { errorMessage } from '../../../core/api.js';
import type { Point } from '../../../ui/map/position.js';
import { KINDS, type Found } from './kinds.js';

/** Items per kind and page: eight kinds share one list, so a first screen is at most 8 × 50. */
export const NEARBY_PAGE = 50;

interface KindPages {
  items: Found[];
  cursor: string | null;
}

/** Active warnings (poison not yet a false alarm, dogs still missing) first, then everything by distance. */
const byUrgency = (a: Found, b: Found) => Number(b.urgent) - Number(a.urgent) || a.distance_km - b.distance_km;

const lastKm = (p: KindPages) => p.items[p.items.length - 1]?.distance_km ?? Infinity;

/**
 * The chosen kinds' nearby lists merged into one, a page of each at a time. Each kind pages on its own (nearest
 * first), so the merged list shows only what is certain: items up to the nearest "last loaded" distance of the kinds
 * that have more (the frontier); anything nearer of those kinds is already here. Loading more fetches the next page
 * of the kinds at the frontier, which moves it outwards.
 */
export function useNearbyPages(position: Point | null, radius: number, kinds: string[]) {
  const [pages, setPages] = useState<Record<string, KindPages> | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);
  // A newer search (position, radius, kinds) makes answers of an older one stale.
  const search = useRef(0);

  useEffect(() => {
    if (!position) return;
    const mine = ++search.current;
    setPages(null);
    setMoreError(null);
    const chosen = kinds.flatMap((path) => KINDS.filter((k) => k.path === path));
    void Promise.all(
      chosen.map((k) =>
        k.near(position, radius, { limit: NEARBY_PAGE }).then(
          (p): [string, KindPages] => [k.path, { items: p.items, cursor: p.next_cursor }],
          // One failing kind never hides the others.
          (): [string, KindPages] => [k.path, { items: [], cursor: null }],
        ),
      ),
    ).then((entries) => mine === search.current && setPages(Object.fromEntries(entries)));
  }, [position?.lat, position?.lon, radius, kinds.join(',')]);

  const open = pages ? Object.entries(pages).filter(([, p]) => p.cursor !== null) : [];
  const frontier = Math.min(...open.map(([, p]) => lastKm(p)));
  // Memoised: the map redraws its pins when this array changes.
  const items = useMemo(
    () =>
      pages
        ? Object.values(pages)
            .flatMap((p) => p.items)
            .filter((i) => i.distance_km <= frontier)
            .sort(byUrgency)
        : null,
    [pages],
  );

  const loadMore = async () => {
    if (!pages || !position || loadingMore) return;
    const mine = search.current;
    const behind = open.filter(([, p]) => lastKm(p) <= frontier);
    setLoadingMore(true);
    setMoreError(null);
    try {
      const next = await Promise.all(
        behind.map(([path, p]) => KINDS.find((k) => k.path === path)!.near(position, radius, { limit: NEARBY_PAGE, cursor: p.cursor })),
      );
      if (mine !== search.current) return;
      setPages((prev) => {
        const out = { ...prev };
        behind.forEach(([path], j) => {
          const had = out[path]!;
          out[path] = { items: [...had.items, ...next[j]!.items], cursor: next[j]!.next_cursor };
        });
        return out;
      });
    } catch (error) {
      setMoreError(errorMessage(error));
    } finally {
      setLoadingMore(false);
    }
  };

  return {
    items,
    list: { hasMore: open.length > 0, cursor: open.map(([, p]) => p.cursor).join('|'), loadMore, loadingMore, moreError },
  };
}
