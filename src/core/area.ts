import type { AccountDeletionNotice, AccountDeletionStep, AppContext, Job } from './context.js';
import type { ExportSection } from './export/export-writer.js';
import type { Routes } from './http/route/route.js';
import type { MediaRule } from './media/serve.js';

/**
 * What the route table gathers from all manifests and hands to every `routes`, for the few that serve it: the jobs
 * screen (the job table), the welcome dashboard (the providers) and /media (the rules).
 */
export interface Gathered<Provider> {
  jobs: Job[];
  dashboard: readonly Provider[];
  mediaRules: MediaRule[];
}

/** What an area adds to the account deletion, built once with the context (`ctx.accountDeletionSteps` and `…Notices`). */
export interface AccountDeletionParts {
  /** Run in the deletion's transaction after the user row is gone: what ON DELETE cannot say. */
  steps?: AccountDeletionStep[];
  /** Read in the same transaction before the row goes: whom the deletion concerns (sent after the commit). */
  notices?: AccountDeletionNotice[];
}

/**
 * An area's one manifest, exported by its `index.ts` (`export const diaryArea: AreaManifest = { name: 'diary', … }`):
 * everything the app wires from it. `src/areas.ts` lists the manifests in order; the route table and the job table
 * are built from that list, so core knows no area. `Provider` is the welcome dashboard's provider type (it lives in
 * features/dog-records/dashboard, which core may not import); a manifest without one leaves it out.
 */
export interface AreaManifest<Provider = never> {
  /** The area's folder name (e.g. 'walk-routes'): logs, docs, the export's order. */
  name: string;
  /** Mounts the area's routes; called in list order (it matters where paths overlap, and it is the OpenAPI document's order). */
  routes?(ctx: AppContext, routes: Routes, gathered: Gathered<Provider>): void;
  /** Scheduled jobs, each with its cron time beside it. */
  jobs?: Job[];
  /** What the area writes into a user's data export (the record and map kinds add theirs through recordRoutes/geoKindRoutes). */
  exportSections?: ExportSection[];
  accountDeletion?(ctx: AppContext): AccountDeletionParts;
  /** Who may read the area's files under /media. */
  mediaRules?: MediaRule[];
  /** The area's cards on the welcome dashboard. */
  dashboard?: readonly Provider[];
}
