import { session } from '../../../core/session.js';
import { useStore } from '../../../core/store.js';
import { useOpenUpgradeCount } from '../../accounts/upgrades/upgrades-api.js';
import { adminStatsTexts } from './texts.js';

export function AdminHomeScreen() {
  const state = useStore(session);
  const isAdmin = state.status === 'user' && state.user.rolle === 'admin';
  const { open } = useOpenUpgradeCount(isAdmin);
  const sections = isAdmin
    ? [
        { href: '/app/admin/partnercodes', label: adminStatsTexts.sections.codes, todo: null },
        { href: '/app/admin/nutzer', label: adminStatsTexts.sections.users, todo: null },
        { href: '/app/admin/upgrades', label: adminStatsTexts.sections.upgrades, todo: open },
        { href: '/app/admin/rechnungen', label: adminStatsTexts.sections.invoices, todo: null },
        { href: '/app/admin/jobs', label: adminStatsTexts.sections.jobs, todo: null },
        { href: '/app/admin/sicherungen', label: adminStatsTexts.sections.backups, todo: null },
        { href: '/app/admin/moderation', label: adminStatsTexts.sections.moderation, todo: null },
        { href: '/app/admin/einstellungen', label: adminStatsTexts.sections.settings, todo: null },
        { href: '/app/admin/hilfe', label: adminStatsTexts.sections.help, todo: null },
        { href: '/app/admin/statistik', label: adminStatsTexts.sections.stats, todo: null },
        { href: '/app/admin/sperren', label: adminStatsTexts.sections.ipBlocks, todo: null },
        { href: '/app/admin/csp', label: adminStatsTexts.sections.cspReports, todo: null },
      ]
    : [
        { href: '/app/admin/nutzer', label: adminStatsTexts.sections.users, todo: null },
        { href: '/app/admin/moderation', label: adminStatsTexts.sections.moderation, todo: null },
      ];
  return (
    <section class="page">
      <h1>{adminStatsTexts.homeTitle}</h1>
      <p class="lead">{isAdmin ? adminStatsTexts.homeIntroAdmin : adminStatsTexts.homeIntroModerator}</p>
      <ul class="card-list admin-sections">
        {sections.map((s) => (
          <li key={s.href} class="card">
            <a href={s.href}>
              <span>{s.label}</span>
              {s.todo !== null && s.todo > 0 && (
                <span class="todo-count" data-testid="todo-count">
                  {adminStatsTexts.todo(s.todo)}
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
