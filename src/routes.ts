import type { AppContext } from '#core/context.js';
import type { ExportSection } from '#core/export/index.js';
import type { Routes } from '#core/http/route/route.js';
import { areas, EXPORT_ORDER, type Manifest } from './areas.js';
import { jobs } from './jobs.js';

/**
 * THE route table: every manifest of src/areas.ts mounts its routes in list order, with what the route table
 * gathered from all of them (the job table, the dashboard's providers, the media rules) for those that serve it.
 * Then the manifests' account-deletion parts and export sections go into the context, where the account deletion
 * and the export builder read them.
 */
export function mountRoutes(ctx: AppContext, routes: Routes): void {
  const gathered = {
    jobs,
    dashboard: areas.flatMap((area) => area.dashboard ?? []),
    mediaRules: areas.flatMap((area) => area.mediaRules ?? []),
  };
  for (const area of areas) area.routes?.(ctx, routes, gathered);
  for (const area of areas) {
    const { steps = [], notices = [] } = area.accountDeletion?.(ctx) ?? {};
    ctx.accountDeletionSteps.push(...steps);
    ctx.accountDeletionNotices.push(...notices);
  }
  ctx.exportSections.push(...exportSectionsOf(areas));
}

/** The manifests' export sections in the ZIP's order (EXPORT_ORDER, then the rest in list order). */
export function exportSectionsOf(list: readonly Manifest[]): ExportSection[] {
  const exporting = list.filter((area) => area.exportSections?.length);
  for (const name of EXPORT_ORDER) {
    if (!exporting.some((area) => area.name === name)) throw new Error(`EXPORT_ORDER names ${name}, which has no manifest with export sections`);
  }
  const rank = (name: string) => (EXPORT_ORDER.includes(name) ? EXPORT_ORDER.indexOf(name) : EXPORT_ORDER.length);
  return [...exporting].sort((a, b) => rank(a.name) - rank(b.name)).flatMap((area) => area.exportSections ?? []);
}
