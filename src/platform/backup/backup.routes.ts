import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import type { Routes } from '#core/http/route/route.js';
import { routeGroup } from '#core/http/route/route-group.js';
import { backupStatus } from './backup-status.js';

const tags = ['Verwaltung: Jobs'];

const Snapshot = z
  .object({
    name: z.string().meta({ example: '2026-11-26T02-15-00Z' }),
    created_at: z.string(),
    size_bytes: z.number().int(),
    engine: z.enum(['sqlite', 'postgres']),
    media_files: z.number().int().meta({ description: 'Dateien in der Sicherung, bei Objektspeicher: gelistete Objekte' }),
  })
  .meta({ id: 'BackupSnapshot' });

const BackupStatusView = z
  .object({
    enabled: z.boolean().meta({ description: 'Nächtliche Sicherung an (BACKUP_ENABLED)' }),
    schedule: z.string().meta({ description: 'Cron-Ausdruck in TZ_APP (BACKUP_CRON)', example: '15 3 * * *' }),
    keep: z.object({ daily: z.number().int(), weekly: z.number().int() }).meta({ description: 'Aufbewahrt: die letzten N Tage, dann N Wochen' }),
    running: z.boolean().meta({ description: 'Gerade wird eine Sicherung gemacht (auf irgendeiner Instanz)' }),
    location: z.string().meta({ description: 'Sicherungsordner auf dem Server (BACKUP_DIR)' }),
    snapshots: z.array(Snapshot).meta({ description: 'Aufbewahrte Sicherungen, neueste zuerst' }),
    last_run: z.object({
      status: z.enum(['ok', 'failed']).nullable(),
      started_at: z.string().nullable(),
      finished_at: z.string().nullable(),
      error: z.string().nullable(),
    }),
    problem: z.string().nullable().meta({ description: 'Was nicht stimmt (fehlgeschlagen, seit 36 Stunden keine), sonst null' }),
  })
  .meta({ id: 'BackupStatus' });

/** The admin's backup view; "Jetzt sichern" is the job list's start-now of `backup.snapshot`. */
export function backupRoutes(ctx: AppContext, routes: Routes): void {
  const api = routeGroup(routes, { tags, access: 'admin' });
  api.get('/api/admin/backups', 'Sicherungen: letzte, aufbewahrte, Zustand', {
    responses: { 200: ['Zustand der Sicherungen', BackupStatusView] },
    run: async (_input) => backupStatus(ctx),
  });
}
