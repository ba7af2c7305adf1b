/** AI features on the provider-neutral client (core/ai): consent, the free/premium split, the training plan. */
import { purgeAiUsageJob } from './ai.jobs.js';

export { aiRoutes } from './ai.routes.js';
export { askAi } from './ai.service.js';
export { describeDog, type DogFacts } from './dog-profile.js';
export { NoteAnalysis, NOTE_ANALYSIS_JSON_SCHEMA } from './ai.schemas.js';
export const aiJobs = [purgeAiUsageJob];
