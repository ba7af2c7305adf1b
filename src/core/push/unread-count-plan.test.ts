import { describe, expect, it } from 'vitest';
import { agentAs, buildUser } from '../../../test/helpers/factories.js';
import { fullScans, queryCapture } from '../../../test/helpers/query-plans.js';
import { useTestApp } from '../../../test/helpers/test-app.js';

const capture = queryCapture();
const t = useTestApp({ onQuery: capture.onQuery });

describe('the bell’s unread count (migration 0044)', () => {
  it('is counted from the partial index of unread notifications alone, not from the rows', async () => {
    const user = await buildUser(t.ctx);
    const statements = await capture.during(() => agentAs(t, user).get('/api/notifications/unread-count').expect(200));
    const count = statements.find((s) => /from "notifications"/.test(s.sql) && /"read_at" is null/.test(s.sql));
    expect(count).toBeDefined();
    const { tables, plan } = await fullScans(t.ctx, count!);
    expect(tables).toEqual([]);
    // SQLite plans by the schema, so its word is stable; PostgreSQL's choice follows its statistics.
    if (t.ctx.engine === 'sqlite') expect(plan).toMatch(/USING COVERING INDEX notifications_unread_idx \(user_id=\?/);
  });
});
