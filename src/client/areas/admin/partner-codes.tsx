import type { PartnerCode } from '../../api/types.js';
import { useState } from 'preact/hooks';
import { api, ApiError } from '../../core/api.js';
import { formatDay } from '../../core/format.js';
import { ConfirmDialog } from '../../ui/confirm-dialog.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../ui/form.js';
import { MoreButton, usePagedList } from '../../ui/paged-list.js';
import { Empty, Load, useResource } from '../../ui/states.js';
import { AdminFrame } from './admin-frame.js';
import { tx } from './texts.js';

function CreateCodeForm({ onCreated }: { onCreated: (code: PartnerCode) => void }) {
  const form = useForm(
    { code: '', label: '', max_uses: '50', grants_founder: false },
    {
      rules: {
        code: { required: true, minLength: 3, maxLength: 40, check: (v) => (/^[A-Za-z0-9_-]+$/.test(v.trim()) ? null : tx.codes.codeInvalid) },
        label: { required: true, maxLength: 200 },
        max_uses: { required: true, check: (v) => (/^\d+$/.test(v.trim()) && Number(v) >= 1 ? null : tx.codes.maxUsesInvalid) },
      },
      codeFields: { code_taken: 'code', conflict: 'code' },
    },
  );
  const submit = form.onSubmit(async (values) => {
    const created = await api.post<PartnerCode>('/api/admin/partner/codes', {
      code: values.code.trim(),
      label: values.label.trim(),
      max_uses: Number(values.max_uses),
      grants_founder: values.grants_founder ? 1 : 0,
    });
    form.setValues({ code: '', label: '', max_uses: '50', grants_founder: false });
    onCreated(created);
  });
  return (
    <form class="card form" ref={form.formRef} onSubmit={submit} noValidate aria-labelledby="new-code-title">
      <h2 id="new-code-title">{tx.codes.newTitle}</h2>
      <FormSummary message={form.summary} />
      <div class="field-row">
        <Field form={form} name="code" label={tx.codes.code} hint={tx.codes.codeHint} maxLength={40} autoComplete="off" required />
        <Field form={form} name="label" label={tx.codes.label} maxLength={200} autoComplete="off" required />
      </div>
      <div class="field-row">
        <Field form={form} name="max_uses" label={tx.codes.maxUses} inputMode="numeric" autoComplete="off" required />
        <Field form={form} name="grants_founder" label={tx.codes.grantsFounder} type="checkbox" />
      </div>
      <SubmitButton busy={form.busy} offline={form.offline}>
        {tx.codes.create}
      </SubmitButton>
    </form>
  );
}

export function PartnerCodesScreen() {
  const list = usePagedList<PartnerCode>('/api/admin/partner/codes?limit=100');
  const [places, reloadPlaces] = useResource<{ total: number; taken: number; left: number }>('/api/admin/partner/founder-places');
  const [note, setNote] = useState<string | null>(null);
  const [target, setTarget] = useState<PartnerCode | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    if (!target) return;
    setBusy(true);
    setError(null);
    try {
      await api.del(`/api/admin/partner/codes/${encodeURIComponent(target.code)}`);
      setNote(tx.codes.deleted(target.code));
      setTarget(null);
      list.reload();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AdminFrame title={tx.codes.title}>
      {places.status === 'ready' && <p class="muted">{tx.codes.places(places.data.taken, places.data.total)}</p>}
      <CreateCodeForm
        onCreated={(code) => {
          setNote(tx.codes.created(code.code));
          list.reload();
          reloadPlaces();
        }}
      />
      {note && (
        <p class="notice notice-success" role="status">
          {note}
        </p>
      )}
      <Load resource={list.resource} onRetry={list.reload}>
        {(codes) =>
          codes.length === 0 ? (
            <Empty title={tx.codes.emptyTitle} />
          ) : (
            <div class="table-wrap card">
              <table>
                <caption class="visually-hidden">{tx.codes.title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{tx.codes.code}</th>
                    <th scope="col">{tx.codes.label}</th>
                    <th scope="col">{tx.codes.uses}</th>
                    <th scope="col">{tx.codes.founder}</th>
                    <th scope="col">{tx.codes.actions}</th>
                  </tr>
                </thead>
                <tbody>
                  {codes.map((c) => (
                    <tr key={c.id} data-code={c.code}>
                      <td>
                        <code>{c.code}</code>
                        <div class="hint">{formatDay(c.created_at)}</div>
                      </td>
                      <td>{c.label}</td>
                      <td>
                        {c.uses} / {c.max_uses}
                      </td>
                      <td>{c.grants_founder ? tx.codes.yes : tx.codes.no}</td>
                      <td>
                        <button
                          type="button"
                          class="button button-ghost button-small"
                          onClick={() => setTarget(c)}
                          aria-label={`${tx.codes.delete}: ${c.code}`}
                        >
                          {tx.codes.delete}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Load>
      <MoreButton list={list} />
      <ConfirmDialog
        open={target !== null}
        title={target ? tx.codes.deleteTitle(target.code) : ''}
        confirmLabel={tx.codes.delete}
        busy={busy}
        error={error}
        onConfirm={remove}
        onCancel={() => setTarget(null)}
      >
        <p>{tx.codes.deleteText}</p>
      </ConfirmDialog>
    </AdminFrame>
  );
}
