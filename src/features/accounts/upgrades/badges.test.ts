import { describe, expect, it } from 'vitest';
import { agentAs, buildUser } from '../../../../test/helpers/factories.js';
import { useTestApp } from '../../../../test/helpers/test-app.js';

const t = useTestApp();

describe('plan badge and extra badges in the current-user response (spec, User rule 4)', () => {
  const cases = [
    { rolle: 'admin', subscription_tier: 'breeder', is_premium: 1, badge: 'admin' },
    { rolle: 'moderator', subscription_tier: 'pro', is_premium: 1, badge: 'moderator' },
    { rolle: 'user', subscription_tier: 'breeder', is_premium: 1, badge: 'breeder' },
    { rolle: 'user', subscription_tier: 'pro', is_premium: 1, badge: 'pro' },
    { rolle: 'user', subscription_tier: 'breeder_test', is_premium: 0, badge: 'free' },
    { rolle: 'user', subscription_tier: 'free', is_premium: 0, badge: 'free' },
    { rolle: 'user', subscription_tier: 'gold', is_premium: 0, badge: 'free' },
  ] as const;
  for (const c of cases) {
    it(`${c.rolle} with tier ${c.subscription_tier} shows ${c.badge}`, async () => {
      const { badge, ...columns } = c;
      const user = await buildUser(t.ctx, columns);
      const me = (await agentAs(t, user).get('/api/auth/me').expect(200)).body;
      expect(me).toMatchObject({ plan_badge: badge, badges: [badge], subscription_tier: c.subscription_tier, is_premium: c.is_premium });
    });
  }

  it('founder and partner are separate badges next to the plan badge', async () => {
    const user = await buildUser(t.ctx, { subscription_tier: 'pro', is_premium: 1, is_founder: 1, founder_number: 77, is_partner: 1 });
    const me = (await agentAs(t, user).get('/api/auth/me').expect(200)).body;
    expect(me).toMatchObject({ plan_badge: 'pro', badges: ['pro', 'founder', 'partner'], is_founder: 1, founder_number: 77, is_partner: 1 });
  });
});
