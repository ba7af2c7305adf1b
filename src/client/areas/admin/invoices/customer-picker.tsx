import { useEffect, useState } from 'preact/hooks';
import type { AdminUser } from '../../../api/types.js';
import { api } from '../../../core/api.js';
import { invoicesTexts } from './texts.js';

/** The invoice's customer, found by name or email (admins search both); a numeric id is nothing a person knows. */
export function CustomerPicker({ chosen, onChoose, error }: { chosen: AdminUser | null; onChoose: (user: AdminUser | null) => void; error?: string }) {
  const [term, setTerm] = useState('');
  const [hits, setHits] = useState<AdminUser[] | null>(null);
  useEffect(() => {
    if (term.trim().length < 2) return setHits(null);
    let live = true;
    const timer = setTimeout(() => {
      void api
        .GET('/api/admin/users/search', { params: { query: { q: term.trim(), limit: 8 } } })
        .then((page) => live && setHits(page.items))
        .catch(() => live && setHits([]));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [term]);

  if (chosen)
    return (
      <div class="field">
        <span class="label">{invoicesTexts.invoices.customerPick}</span>
        <p>
          <strong>{chosen.name}</strong> ({chosen.email}){' '}
          <button type="button" class="button button-ghost button-small" onClick={() => onChoose(null)}>
            {invoicesTexts.invoices.customerChange}
          </button>
        </p>
      </div>
    );
  return (
    <div class="field">
      <label for="inv-customer">{invoicesTexts.invoices.customerPick}</label>
      <p id="inv-customer-hint" class="hint">
        {invoicesTexts.invoices.customerHint}
      </p>
      <input
        id="inv-customer"
        type="search"
        autoComplete="off"
        value={term}
        onInput={(e) => setTerm(e.currentTarget.value)}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? 'inv-customer-hint inv-user_id-error' : 'inv-customer-hint'}
      />
      {hits && (
        <ul class="plain-list customer-hits" aria-live="polite">
          {hits.length === 0 && <li class="muted">{invoicesTexts.invoices.customerNone}</li>}
          {hits.map((u) => (
            <li key={u.id}>
              <button type="button" class="button button-secondary button-small" onClick={() => onChoose(u)}>
                {u.name} ({u.email})
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id="inv-user_id-error" class="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
