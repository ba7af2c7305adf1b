import { session } from '../../../core/session.js';
import { useStore } from '../../../core/store.js';
import { useOpenUpgradeCount } from '../../accounts/upgrades/upgrades-api.js';
import { tx } from './texts.js';

export function AdminHomeScreen() {
  const state = useStore(session);
  const isAdmin = state.status === 'user' && state.user.rolle === 'admin';
  const { open } = useOpenUpgradeCount(isAdmin);
  const sections = isAdmin
    ? [
        { href: '/app/admin/partnercodes', label: tx.sections.codes, todo: null },
        { href: '/app/admin/nutzer', label: tx.sections.users, todo: null },
        { href: '/app/admin/upgrades', label: tx.sections.upgrades, todo: open },
        { href: '/app/admin/rechnungen', label: tx.sections.invoices, todo: null },
        { href: '/app/admin/jobs', label: tx.sections.jobs, todo: null },
        { href: '/app/admin/sicherungen', label: tx.sections.backups, todo: null },
        { href: '/app/admin/moderation', label: tx.sections.moderation, todo: null },
        { href: '/app/admin/einstellungen', label: tx.sections.settings, todo: null },
        { href: '/app/admin/hilfe', label: tx.sections.help, todo: null },
        { href: '/app/admin/statistik', label: tx.sections.stats, todo: null },
        { href: '/app/admin/sperren', label: tx.sections.ipBlocks, todo: null },
        { href: '/app/admin/csp', label: tx.sections.cspReports, todo: null },
      ]
    : [
        { href: '/app/admin/nutzer', label: tx.sections.users, todo: null },
        { href: '/app/admin/moderation', label: tx.sections.moderation, todo: null },
      ];
  return (
    <section class="page">
      <h1>{tx.homeTitle}</h1>
      <p class="lead">{isAdmin ? tx.homeIntroAdmin : tx.homeIntroModerator}</p>
      <ul class="card-list admin-sections">
        {sections.map((s) => (
          <li key={s.href} class="card">
            <a href={s.href}>
              <span>{s.label}</span>
              {s.todo !== null && s.todo > 0 && (
                <span class="todo-count" data-testid="todo-count">
                  {tx.todo(s.todo)}
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
