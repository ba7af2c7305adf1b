// The health tab's first requests, in the main bundle (no imports) so the route table can start them while the
// session and the tab's code load (routes.ts `prefetch`), and the tab can wait for all of them before it draws.

/**
 * Every GET the health tab makes when it opens, exactly as its parts ask (RecordSection's `?limit=`, the weight
 * curve's 200, "Nächster Termin"'s 50 visits): a path that differs is simply fetched twice.
 */
export function healthFirstRequests(dogId: number): string[] {
  if (!Number.isInteger(dogId)) return [];
  const base = `/api/dogs/${dogId}`;
  return [
    base,
    `${base}/vet-visits?limit=50`,
    `${base}/vaccinations?limit=20`,
    `${base}/medications?limit=20`,
    `${base}/allergies?limit=20`,
    `${base}/weights?limit=200`,
    `${base}/vet-visits?limit=20`,
    `${base}/findings?limit=20`,
    `${base}/health-documents?limit=20`,
    `${base}/vet-practice`,
  ];
}
