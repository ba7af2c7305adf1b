/** AI features on the provider-neutral client (core/ai): consent, the free/premium split, the training plan. */
import { purgeAiUsageJob } from './ai.jobs.js';
import type { AreaManifest } from '#core/area.js';
import { aiRoutes } from './ai.routes.js';

export { aiRoutes } from './ai.routes.js';
export { askAi } from './ai.service.js';
export { describeDog, type DogFacts } from './dog-profile.js';
export { NoteAnalysis, NOTE_ANALYSIS_JSON_SCHEMA } from './ai.schemas.js';
export const aiJobs = [purgeAiUsageJob];

/** The area's manifest (src/areas.ts lists it). */
export const aiArea: AreaManifest = {
  name: 'ai',
  routes: aiRoutes,
  jobs: aiJobs, // 03:45 AI usage rows older than any quota window
};
