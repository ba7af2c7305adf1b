import { useState } from 'preact/hooks';
import type { DogDuties, DutyItem } from '../../../api/types.js';
import { api, apiGet, errorMessage } from '../../../core/api.js';
import { formatDate, formatMoneyIn } from '../../../core/format.js';
import type { ScreenProps } from '../../../core/screen.js';
import { DogPage } from '../../../ui/dog-page.js';
import { ErrorNotice, Load, useResource } from '../../../ui/states.js';
import { DutyForm } from './duty-form.js';
import { dutiesTexts } from './texts.js';

export type { DutyItem };

function Recorded({ item, currency }: { item: DutyItem; currency: string }) {
  const r = item.record;
  if (!r) return <p class="muted">{dutiesTexts.nothingRecorded}</p>;
  const parts = [
    r.provider,
    r.number,
    r.amount_cents != null ? formatMoneyIn(r.amount_cents, currency) : null,
    r.due_on ? dutiesTexts.due(formatDate(r.due_on)) : null,
    r.renews_on ? dutiesTexts.renews(formatDate(r.renews_on)) : null,
  ].filter(Boolean);
  return (
    <p>
      <strong>{dutiesTexts.recorded}:</strong> {parts.join(' · ')}
    </p>
  );
}

/** The duties a record can be kept for (the path parameter of the duty routes). */
export type RecordableDuty = 'liability_insurance' | 'registry' | 'competence_certificate' | 'dog_tax';

function DutyCard({ dogId, item, duties, onChange }: { dogId: number; item: DutyItem; duties: DogDuties; onChange: () => void }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setError(null);
    try {
      await api.DELETE('/api/dogs/{dogId}/duties/{code}', { params: { path: { dogId, code: item.code as RecordableDuty } } });
      onChange();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <section class="card duty" data-code={item.code} data-status={item.status} aria-labelledby={`h-duty-${item.code}`}>
      <h2 id={`h-duty-${item.code}`}>
        {item.title} <span class={`tag duty-${item.required}`}>{dutiesTexts.required[item.required]}</span>
        {item.recordable && <span class={`tag status-${item.status}`}> {dutiesTexts.status[item.status]}</span>}
      </h2>
      <p>{item.rule.charAt(0).toUpperCase() + item.rule.slice(1)}</p>
      {item.source_url && (
        <p class="note">
          <a href={item.source_url} rel="noopener noreferrer" target="_blank">
            {dutiesTexts.source}
          </a>
          {item.as_of && <> · {dutiesTexts.asOf(formatDate(item.as_of))}</>}
        </p>
      )}
      {item.recordable && <Recorded item={item} currency={duties.currency} />}
      {item.registry?.hotline && <p class="notice notice-info">{dutiesTexts.hotline(item.registry.name, item.registry.hotline)}</p>}
      {item.recordable && duties.can_edit && (
        <>
          <button type="button" class="button button-secondary button-small" aria-expanded={open} onClick={() => setOpen(!open)}>
            {dutiesTexts.edit(item.title)}
          </button>
          {open && <DutyForm dogId={dogId} item={item} onSaved={onChange} />}
          {item.record && (
            <button type="button" class="button button-secondary button-small" onClick={remove}>
              {dutiesTexts.remove}
            </button>
          )}
          <ErrorNotice text={error} />
        </>
      )}
    </section>
  );
}

function DutiesBody({ dogId }: { dogId: number }) {
  const [duties, reload] = useResource(apiGet('/api/dogs/{dogId}/duties', { params: { path: { dogId } } }));
  return (
    <Load resource={duties} onRetry={reload}>
      {(d) => (
        <>
          {d.region_name ? (
            <p class="lead">
              {dutiesTexts.where(d.region_name)}
              {d.as_of && <> · {dutiesTexts.asOf(formatDate(d.as_of))}</>}
            </p>
          ) : (
            <p class="notice notice-info">
              {dutiesTexts.noRegion} <a href="/app/profil">{dutiesTexts.toProfile}</a>
            </p>
          )}
          <p class="notice notice-warning">{d.disclaimer}</p>
          {!d.can_edit && <p class="muted">{dutiesTexts.readOnly}</p>}
          {d.items.map((item) => (
            <DutyCard key={`${item.code}-${item.record?.updated_at ?? ''}`} dogId={dogId} item={item} duties={d} onChange={reload} />
          ))}
        </>
      )}
    </Load>
  );
}

/** /app/hunde/:dogId/pflichten: what applies where the dog lives, and what the owner has (caregivers read). */
export function DutiesScreen({ params }: ScreenProps) {
  return (
    <DogPage dogId={Number(params.dogId)} title={dutiesTexts.title} fallback={dutiesTexts.fallback} className="duties">
      {(dog) => <DutiesBody dogId={dog.id} />}
    </DogPage>
  );
}
