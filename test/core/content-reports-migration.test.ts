import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openReports } from '#core/reports/index.js';
import { agentAs } from '../helpers/factories.js';
import { useTestApp } from '../helpers/test-app.js';

/**
 * Migration 0030 moves forum_reports and geo_item_reports into content_reports. The database is migrated up to
 * 0029, filled with reports of both old kinds (open and resolved), then taken to the latest migration.
 */

const T0 = '2026-03-01T08:00:00.000Z';
const at = (minute: number) => `2026-03-02T10:${String(minute).padStart(2, '0')}:00.000Z`;
const seeded = {} as {
  author: number;
  reporter1: number;
  reporter2: number;
  moderator: number;
  thread: number;
  opening: number;
  reply: number;
  warning: number;
  service: number;
};

async function seed(db: Kysely<any>): Promise<void> {
  const user = async (email: string, name: string, rolle = 'user') =>
    (
      await db
        .insertInto('users')
        .values({ email, name, rolle, password_hash: 'x', created_at: T0, updated_at: T0, email_verified_at: T0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id as number;
  seeded.author = await user('autorin@example.de', 'Autorin');
  seeded.reporter1 = await user('melder1@example.de', 'Melder Eins');
  seeded.reporter2 = await user('melder2@example.de', 'Melderin Zwei');
  seeded.moderator = await user('moderator@example.de', 'Moderator', 'moderator');

  const category = await db.selectFrom('forum_categories').select('id').where('slug', '=', 'allgemeines').executeTakeFirstOrThrow();
  seeded.thread = (
    await db
      .insertInto('forum_threads')
      .values({ category_id: category.id, user_id: seeded.author, title: 'Leinenpflicht im Park', created_at: T0, last_post_at: T0 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const post = async (body: string, isOpening: number) =>
    (
      await db
        .insertInto('forum_posts')
        .values({ thread_id: seeded.thread, user_id: seeded.author, body, is_opening: isOpening, created_at: T0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id as number;
  seeded.opening = await post('Gilt die Leinenpflicht auch im Winter?', 1);
  seeded.reply = await post('Kauft alle bei meinem Shop!', 0);

  const frame = { user_id: seeded.author, lat: 52.52, lon: 13.41, created_at: T0, updated_at: T0 };
  seeded.warning = (
    await db
      .insertInto('poison_warnings')
      .values({ ...frame, kind: 'poison', description: 'Wurst mit Nägeln am Spielplatz', last_activity_at: T0 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  seeded.service = (
    await db
      .insertInto('services')
      .values({ ...frame, name: 'Hundesalon Wuff', category: 'hundesalon' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

  // Rows of one insert name the same columns (SQLite has no DEFAULT in a multi-row VALUES).
  const unresolved = { status: 'open', resolved_by: null, action: null, resolved_at: null };
  // Forum reports 1–3: open, resolved (dismissed by the moderator), open.
  await db
    .insertInto('forum_reports')
    .values([
      { post_id: seeded.reply, reporter_id: seeded.reporter1, reason: 'Werbung', created_at: at(1), ...unresolved },
      {
        post_id: seeded.reply,
        reporter_id: seeded.reporter2,
        reason: 'Spam',
        status: 'resolved',
        resolved_by: seeded.moderator,
        action: 'dismiss',
        created_at: at(2),
        resolved_at: at(30),
      },
      { post_id: seeded.opening, reporter_id: seeded.reporter2, reason: 'Falsche Kategorie', created_at: at(3), ...unresolved },
    ])
    .execute();
  // Map-item reports 1–3: open, resolved (item deleted by the moderator), open for an item that is gone.
  await db
    .insertInto('geo_item_reports')
    .values([
      { kind: 'poison-warnings', item_id: seeded.warning, reporter_id: seeded.reporter1, reason: 'Falschmeldung', created_at: at(4), ...unresolved },
      {
        kind: 'services',
        item_id: seeded.service,
        reporter_id: seeded.reporter2,
        reason: 'Gibt es nicht mehr',
        status: 'resolved',
        resolved_by: seeded.moderator,
        action: 'delete',
        created_at: at(5),
        resolved_at: at(31),
      },
      { kind: 'walk-slots', item_id: 987654, reporter_id: seeded.reporter1, reason: 'Beleidigend', created_at: at(6), ...unresolved },
    ])
    .execute();
}

const t = useTestApp({ upgradeFrom: { migration: '0029_csp_reports', seed } });

async function staff(email: string) {
  const user = await t.ctx.db.selectFrom('users').select(['id', 'token_version']).where('email', '=', email).executeTakeFirstOrThrow();
  return agentAs(t, user);
}

describe('migration 0030_content_reports', () => {
  it('copies every report of both old tables with its history, then drops them', async () => {
    const rows = await t.ctx.db
      .selectFrom('content_reports')
      .select(['id', 'target_kind', 'target_id', 'reporter_id', 'reason', 'status', 'resolved_by', 'action', 'created_at', 'resolved_at'])
      .orderBy('id')
      .execute();
    const s = seeded;
    const open = { status: 'open', resolved_by: null, action: null, resolved_at: null };
    expect(rows).toEqual([
      // Forum reports keep their ids …
      { id: 1, target_kind: 'forum_posts', target_id: s.reply, reporter_id: s.reporter1, reason: 'Werbung', created_at: at(1), ...open },
      {
        id: 2,
        target_kind: 'forum_posts',
        target_id: s.reply,
        reporter_id: s.reporter2,
        reason: 'Spam',
        status: 'resolved',
        resolved_by: s.moderator,
        action: 'dismiss',
        created_at: at(2),
        resolved_at: at(30),
      },
      { id: 3, target_kind: 'forum_posts', target_id: s.opening, reporter_id: s.reporter2, reason: 'Falsche Kategorie', created_at: at(3), ...open },
      // … map-item reports follow them (old id + 3), named by their kind's table.
      { id: 4, target_kind: 'poison_warnings', target_id: s.warning, reporter_id: s.reporter1, reason: 'Falschmeldung', created_at: at(4), ...open },
      {
        id: 5,
        target_kind: 'services',
        target_id: s.service,
        reporter_id: s.reporter2,
        reason: 'Gibt es nicht mehr',
        status: 'resolved',
        resolved_by: s.moderator,
        action: 'delete',
        created_at: at(5),
        resolved_at: at(31),
      },
      { id: 6, target_kind: 'walk_slots', target_id: 987654, reporter_id: s.reporter1, reason: 'Beleidigend', created_at: at(6), ...open },
    ]);
    const tables = (await t.ctx.db.introspection.getTables()).map((x) => x.name);
    expect(tables).toContain('content_reports');
    expect(tables).not.toContain('forum_reports');
    expect(tables).not.toContain('geo_item_reports');
  });

  it('the moderation queues show the copied open reports; new reports get the next id; one report per person and post stays one', async () => {
    const s = seeded;
    expect((await openReports(t.ctx.db, { limit: 200 })).map((r) => [r.id, r.target_kind])).toEqual([
      [1, 'forum_posts'],
      [3, 'forum_posts'],
      [4, 'poison_warnings'],
      [6, 'walk_slots'],
    ]);

    const mod = await staff('moderator@example.de');
    const forum = (await mod.get('/api/moderation/reports').expect(200)).body.items;
    expect(forum.map((r: { id: number; post: { id: number }; thread: { id: number } }) => [r.id, r.post.id, r.thread.id])).toEqual([
      [1, s.reply, s.thread],
      [3, s.opening, s.thread],
    ]);
    expect(forum[0]).toMatchObject({ reason: 'Werbung', created_at: at(1), reporter: { id: s.reporter1, name: 'Melder Eins' } });
    const map = (await mod.get('/api/moderation/map-reports').expect(200)).body.items;
    expect(map).toMatchObject([
      { id: 4, reason: 'Falschmeldung', item: { kind: 'poison-warnings', id: s.warning, summary: 'Wurst mit Nägeln am Spielplatz' } },
      { id: 6, reason: 'Beleidigend', item: { kind: 'walk-slots', id: 987654, summary: null } },
    ]);

    // The same person reporting the same post again: still the one copied row. A new report: an id after the copied
    // ones (not necessarily 7: an insert that met the unique index may have used one up, on either engine).
    const reporter1 = await staff('melder1@example.de');
    await reporter1.post(`/api/forum/posts/${s.reply}/report`).send({ reason: 'Immer noch Werbung' }).expect(204);
    await reporter1.post(`/api/services/${s.service}/report`).send({ reason: 'Geschlossen' }).expect(204);
    const after = await t.ctx.db.selectFrom('content_reports').select(['id', 'target_kind', 'reporter_id']).where('id', '>', 6).execute();
    expect(after).toEqual([{ id: expect.any(Number), target_kind: 'services', reporter_id: s.reporter1 }]);
    const fresh = after[0]!.id;

    // Each screen settles only its own kind's reports.
    await mod.post('/api/moderation/map-reports/1/resolve').send({ action: 'dismiss' }).expect(404);
    await mod.post('/api/moderation/reports/4/resolve').send({ action: 'dismiss' }).expect(404);
    await mod.post('/api/moderation/reports/1/resolve').send({ action: 'hide' }).expect(204);
    await mod.post('/api/moderation/map-reports/6/resolve').send({ action: 'dismiss' }).expect(204);
    expect((await openReports(t.ctx.db, { limit: 200 })).map((r) => r.id)).toEqual([3, 4, fresh]);
  });
});
