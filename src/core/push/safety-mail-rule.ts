import type { SafetyMailChoice } from './settings.repo.js';

/**
 * Whether poison-bait and lost-dog warnings near the home area also go out by mail (issue 37): when the user asked
 * for it, and by default while no push subscription would carry them. Without a home area nothing is "near".
 */
export function safetyMailActive(choice: SafetyMailChoice, hasHomeArea: boolean, pushDevices: number): boolean {
  if (!hasHomeArea || choice === 'off') return false;
  return choice === 'on' || pushDevices === 0;
}
