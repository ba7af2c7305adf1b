import type { Job } from '#core/context.js';
import { enrichBreeds } from './breed-enrichment.js';

/** Hourly, a small batch: the whole wiki is enriched within about two days without hammering the provider. */
export const enrichBreedsJob: Job = {
  name: 'wiki.enrich-breeds',
  schedule: '17 * * * *',
  run: (ctx) => enrichBreeds(ctx),
};
