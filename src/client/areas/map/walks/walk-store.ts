import { inStore, KEEP } from '../../../core/idb.js';
import type { TrackPoint } from './track.js';

/**
 * The walk being recorded, kept in IndexedDB as it grows (at the start and with every new point), so a reload or
 * a closed tab resumes it instead of losing the track (decisions: "Offline writes").
 */
export interface RunningWalk {
  userId: number;
  startedAt: string;
  dogIds: number[];
  track: TrackPoint[];
}

const key = (userId: number) => `walk:${userId}`;

export async function loadRunningWalk(userId: number): Promise<RunningWalk | null> {
  try {
    const walk = await inStore<RunningWalk | undefined>(KEEP, 'readonly', (s) => s.get(key(userId)) as IDBRequest<RunningWalk | undefined>);
    return walk ?? null;
  } catch {
    return null;
  }
}

export async function saveRunningWalk(walk: RunningWalk): Promise<void> {
  try {
    await inStore(KEEP, 'readwrite', (s) => s.put(walk, key(walk.userId)));
  } catch {
    // No IndexedDB: the walk still records, it just does not survive a reload.
  }
}

export async function clearRunningWalk(userId: number): Promise<void> {
  try {
    await inStore(KEEP, 'readwrite', (s) => s.delete(key(userId)));
  } catch {
    // nothing kept
  }
}
