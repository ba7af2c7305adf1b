import { afterAll } from 'vitest';
import { FakeRoutingServer } from '../fakes/routing-server.js';
import type { agentAs } from './factories.js';

/** The fake openrouteservice for one test file: started at once, stopped after the file's tests. */
export async function startFakeRouting(): Promise<FakeRoutingServer> {
  const ors = new FakeRoutingServer();
  await ors.start();
  afterAll(() => ors.stop());
  return ors;
}

let n = 0;
/** Two points a little apart, different each call, so the day cache does not answer. */
export function freshPoints(): [number, number][] {
  n++;
  return [
    [48.1374, 11.5755 + n * 0.0001],
    [48.136, 11.5802 + n * 0.0001],
  ];
}

/** `POST /api/routes/plan` with these points, expecting `status`. */
export const planRoute = (agent: ReturnType<typeof agentAs>, points: unknown, status: number) => agent.post('/api/routes/plan').send({ points }).expect(status);
