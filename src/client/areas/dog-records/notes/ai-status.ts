import { useEffect, useState } from 'preact/hooks';
import { api } from '../../../core/api.js';
import type { AiStatus } from '../../../api/types.js';
import { setUser } from '../../../core/session.js';

/**
 * The AI status (configured? consent? uses left?), fetched once per app start and shared: the buttons hide
 * without AI configuration. Refreshed after each use.
 */
let cached: Promise<AiStatus | null> | null = null;

export function refreshAiStatus(): void {
  cached = null;
}

export function useAiStatus(): [AiStatus | null, () => void] {
  const [status, setStatus] = useState<AiStatus | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    cached ??= api.GET('/api/ai/status').catch(() => null);
    let live = true;
    void cached.then((s) => live && setStatus(s));
    return () => {
      live = false;
    };
  }, [tick]);
  return [
    status,
    () => {
      refreshAiStatus();
      setTick((n) => n + 1);
    },
  ];
}

/** Switches the consent on (the profile's notes_ki_enabled; the profile screen switches it off again). */
export async function giveAiConsent(): Promise<void> {
  setUser(await api.PATCH('/api/me', { body: { notes_ki_enabled: true } }));
  refreshAiStatus();
}
