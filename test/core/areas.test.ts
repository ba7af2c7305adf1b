import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExportSection } from '#core/export/index.js';
import { PROJECT_ROOT } from '#core/paths.js';
import { areas, EXPORT_ORDER, type Manifest } from '../../src/areas.js';
import { jobs } from '../../src/jobs.js';
import { exportSectionsOf } from '../../src/routes.js';

/**
 * The list of manifests (src/areas.ts, issue 49): every area that exports a manifest is in it once, the job table is
 * built from it, and the export keeps the ZIP's order whatever the list's.
 */
const FEATURES = join(PROJECT_ROOT, 'src/features');
const dirsBelow = (dir: string) => readdirSync(dir).filter((name) => statSync(join(dir, name)).isDirectory());
const areaDirs = dirsBelow(FEATURES).flatMap((wing) => dirsBelow(join(FEATURES, wing)).map((area) => `${wing}/${area}`));

const isManifest = (value: unknown): value is Manifest =>
  typeof value === 'object' && value !== null && typeof (value as Manifest).name === 'string' && ('routes' in value || 'jobs' in value);

/**
 * The manifests an area's index.ts exports: its own, `<area>Area` (accounts' is a function of the login's second
 * step), first, then any other (friends' and messages' reports, which mount at another place).
 */
async function manifestsOf(area: string): Promise<Manifest[]> {
  const face = (await import(join(FEATURES, area, 'index.ts'))) as Record<string, unknown>;
  const key = `${area.split('/')[1]!.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}Area`;
  const own = typeof face[key] === 'function' ? (face[key] as () => unknown)() : face[key];
  const others = Object.entries(face).filter(([name, value]) => name !== key && name.endsWith('Area') && isManifest(value));
  return [...(isManifest(own) ? [own] : []), ...others.map(([, value]) => value as Manifest)];
}

describe('src/areas.ts', () => {
  it('lists every manifest an area exports, named after its folder, each once', async () => {
    const names = areas.map((area) => area.name);
    expect(new Set(names).size).toBe(names.length);
    const without: string[] = [];
    for (const dir of areaDirs) {
      const manifests = await manifestsOf(dir);
      if (manifests.length === 0) without.push(dir);
      for (const manifest of manifests) expect({ dir, listed: names.includes(manifest.name) }).toEqual({ dir, listed: true });
      if (manifests[0]) expect(manifests[0].name).toBe(dir.split('/')[1]);
    }
    expect(without).toEqual(['dog-records/geocoding']); // a helper of other areas: no routes, no jobs
  });

  it('makes the job table of the engine’s jobs and the manifests’ jobs, in list order', () => {
    const ofAreas = areas.flatMap((area) => area.jobs ?? []);
    expect(jobs.slice(jobs.length - ofAreas.length)).toEqual(ofAreas);
    expect(jobs.map((job) => job.name)).toContain('mail.send-outbox');
    expect(new Set(jobs.map((job) => job.name)).size).toBe(jobs.length);
  });

  it('writes the export in the ZIP’s order, not the list’s, and a new area’s sections after the named ones', () => {
    const inOrder = exportSectionsOf(areas);
    expect(exportSectionsOf([...areas].reverse())).toEqual(inOrder);
    const first = areas.find((area) => area.name === EXPORT_ORDER[0])!.exportSections!;
    expect(inOrder.slice(0, first.length)).toEqual(first);
    const newcomer: ExportSection = async () => undefined;
    expect(exportSectionsOf([{ name: 'newcomer', exportSections: [newcomer] }, ...areas]).at(-1)).toBe(newcomer);
  });

  it('refuses an export order that names an area without sections', () => {
    expect(() => exportSectionsOf(areas.filter((area) => area.name !== 'forum'))).toThrow(/forum/);
  });
});
