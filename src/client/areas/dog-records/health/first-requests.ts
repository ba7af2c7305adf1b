// The health tab's first requests, in the main bundle (only the api core, which is there anyway) so the route table
// can start them while the session and the tab's code load (routes.ts `prefetch`), and the tab can wait for all of
// them before it draws.
import { apiGet, type ApiGet } from '../../../core/api.js';

/**
 * Every GET the health tab makes when it opens, exactly as its parts ask (RecordSection's `limit`, the weight
 * curve's 200, "Nächster Termin"'s 50 visits): a request that differs is simply fetched twice.
 */
export function healthFirstRequests(dogId: number): ApiGet<unknown>[] {
  if (!Number.isInteger(dogId)) return [];
  const dog = { path: { dogId } };
  const page = (limit: number) => ({ params: { ...dog, query: { limit } } });
  return [
    apiGet('/api/dogs/{dogId}', { params: dog }),
    apiGet('/api/dogs/{dogId}/vet-visits', page(50)),
    apiGet('/api/dogs/{dogId}/vaccinations', page(20)),
    apiGet('/api/dogs/{dogId}/medications', page(20)),
    apiGet('/api/dogs/{dogId}/allergies', page(20)),
    apiGet('/api/dogs/{dogId}/weights', page(200)),
    apiGet('/api/dogs/{dogId}/vet-visits', page(20)),
    apiGet('/api/dogs/{dogId}/findings', page(20)),
    apiGet('/api/dogs/{dogId}/health-documents', page(20)),
    apiGet('/api/dogs/{dogId}/vet-practice', { params: dog }),
  ];
}
