import { LIMITS } from '#shared/limits.js';
import type { PartnerCode } from '../../../api/types.js';
import { useState } from 'preact/hooks';
import { api, apiGet } from '../../../core/api.js';
import { formatDay } from '../../../core/format.js';
import { ConfirmDelete, useConfirmDelete } from '../../../ui/confirm-delete.js';
import { DataTable } from '../../../ui/data-table.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { MoreButton, usePagedList } from '../../../ui/paged-list.js';
import { Load, useResource } from '../../../ui/states.js';
import { AdminFrame } from '../../../ui/admin-frame.js';
import { partnerTexts } from './texts.js';

function CreateCodeForm({ onCreated }: { onCreated: (code: PartnerCode) => void }) {
  const form = useForm(
    { code: '', label: '', max_uses: '50', grants_founder: false },
    {
      rules: {
        code: { required: true, minLength: 3, maxLength: 40, check: (v) => (/^[A-Za-z0-9_-]+$/.test(v.trim()) ? null : partnerTexts.codes.codeInvalid) },
        label: { required: true, maxLength: LIMITS.title },
        max_uses: { required: true, check: (v) => (/^\d+$/.test(v.trim()) && Number(v) >= 1 ? null : partnerTexts.codes.maxUsesInvalid) },
      },
      codeFields: { code_taken: 'code', conflict: 'code' },
    },
  );
  const submit = form.onSubmit(async (values) => {
    const created = await api.POST('/api/admin/partner/codes', {
      body: {
        code: values.code.trim(),
        label: values.label.trim(),
        max_uses: Number(values.max_uses),
        grants_founder: values.grants_founder ? 1 : 0,
      },
    });
    form.setValues({ code: '', label: '', max_uses: '50', grants_founder: false });
    onCreated(created);
  });
  return (
    <form class="card form" ref={form.formRef} onSubmit={submit} noValidate aria-labelledby="new-code-title">
      <h2 id="new-code-title">{partnerTexts.codes.newTitle}</h2>
      <FormSummary message={form.summary} />
      <div class="field-row">
        <Field form={form} name="code" label={partnerTexts.codes.code} hint={partnerTexts.codes.codeHint} maxLength={40} autoComplete="off" required />
        <Field form={form} name="label" label={partnerTexts.codes.label} maxLength={LIMITS.title} autoComplete="off" required />
      </div>
      <div class="field-row">
        <Field form={form} name="max_uses" label={partnerTexts.codes.maxUses} inputMode="numeric" autoComplete="off" required />
        <Field form={form} name="grants_founder" label={partnerTexts.codes.grantsFounder} type="checkbox" />
      </div>
      <SubmitButton busy={form.busy} offline={form.offline}>
        {partnerTexts.codes.create}
      </SubmitButton>
    </form>
  );
}

export function PartnerCodesScreen() {
  const list = usePagedList<PartnerCode>(apiGet('/api/admin/partner/codes', { params: { query: { limit: 100 } } }));
  const [places, reloadPlaces] = useResource(apiGet('/api/admin/partner/founder-places'));
  const [note, setNote] = useState<string | null>(null);
  const deletion = useConfirmDelete<PartnerCode>(
    (c) => api.DELETE('/api/admin/partner/codes/{code}', { params: { path: { code: c.code } } }).then(() => undefined),
    (c) => {
      setNote(partnerTexts.codes.deleted(c.code));
      list.reload();
    },
  );

  return (
    <AdminFrame title={partnerTexts.codes.title}>
      {places.status === 'ready' && <p class="muted">{partnerTexts.codes.places(places.data.taken, places.data.total)}</p>}
      <CreateCodeForm
        onCreated={(code) => {
          setNote(partnerTexts.codes.created(code.code));
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
        {(codes) => (
          <DataTable
            caption={partnerTexts.codes.title}
            rows={codes}
            rowKey={(c) => c.id}
            rowData={(c) => ({ 'data-code': c.code })}
            emptyTitle={partnerTexts.codes.emptyTitle}
            columns={[
              {
                header: partnerTexts.codes.code,
                cell: (c) => (
                  <>
                    <code>{c.code}</code>
                    <div class="hint">{formatDay(c.created_at)}</div>
                  </>
                ),
              },
              { header: partnerTexts.codes.label, cell: (c) => c.label },
              { header: partnerTexts.codes.uses, cell: (c) => `${c.uses} / ${c.max_uses}` },
              { header: partnerTexts.codes.founder, cell: (c) => (c.grants_founder ? partnerTexts.codes.yes : partnerTexts.codes.no) },
              {
                header: partnerTexts.codes.actions,
                cell: (c) => (
                  <button
                    type="button"
                    class="button button-ghost button-small"
                    onClick={() => deletion.ask(c)}
                    aria-label={`${partnerTexts.codes.delete}: ${c.code}`}
                  >
                    {partnerTexts.codes.delete}
                  </button>
                ),
              },
            ]}
          />
        )}
      </Load>
      <MoreButton list={list} />
      <ConfirmDelete
        state={deletion}
        title={deletion.target ? partnerTexts.codes.deleteTitle(deletion.target.code) : ''}
        confirmLabel={partnerTexts.codes.delete}
      >
        <p>{partnerTexts.codes.deleteText}</p>
      </ConfirmDelete>
    </AdminFrame>
  );
}
