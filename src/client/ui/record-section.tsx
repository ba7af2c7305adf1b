import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { kindGet, send, urlOf } from '../core/api.js';
import type { RecordBody, RecordKind } from '../core/api-types.js';
import { clearResponses } from '../core/offline-cache.js';
import type { WriteKind } from '../core/offline-queue.js';
import { t } from '../core/texts.js';
import { DeleteButton } from './confirm-delete.js';
import { BusyButton } from './form.js';
import { MoreButton, usePagedList } from './paged-list.js';
import { PendingWrites } from './pending-writes.js';
import { ErrorNotice, Load } from './states.js';
import { RecordForm, recordTexts } from './record-form.js';

/** One input of a record form. */
export interface FieldDef {
  name: string;
  label: string;
  type?: 'text' | 'date' | 'time' | 'decimal' | 'select' | 'textarea';
  required?: boolean;
  max?: number;
  options?: { value: string; label: string }[];
  check?: (value: string, values: Record<string, string>) => string | null;
  /** `check` runs on an empty value too (required only when another field says so). */
  checkEmpty?: boolean;
}

/**
 * A section on the per-dog record pattern (health, heat, care, training, expenses): the list (newest first, "Mehr laden") and an add form built
 * from field definitions, with the client's checks and the server's field messages on the inputs.
 */
export interface SectionDef<T extends { id: number }, K extends RecordKind = RecordKind> {
  key: string;
  title: string;
  /** The kind's URL segment: /api/dogs/{dogId}/<path>, /api/<path>/{id} (checked against the document). */
  path: K;
  fields: FieldDef[];
  /** The create body (an edit sends the same as its PATCH), typed by the kind's POST in the document. */
  toBody: (values: Record<string, string>) => RecordBody<K>;
  /** How an item reads; `items` is the whole list (e.g. to tell that a newer record replaced this one). */
  render: (item: T, items: T[]) => ComponentChildren;
  label: (item: T) => string;
  /** Whether this person may add (caregivers may add weights only). */
  canAdd: boolean;
  /** Whether this person may change an item (caregivers may correct weights). */
  canEdit: boolean;
  canRemove: boolean;
  /** The form values of an item, where they are not the item's fields (cost_cents → cost in euros). */
  toValues?: (item: Record<string, unknown>) => Record<string, string>;
  /** Shown above the list (the weight curve). */
  extra?: (items: T[]) => ComponentChildren;
  /** Page size: the weight curve wants more points at once. */
  limit?: number;
  /**
   * How many items the list shows first; "Mehr anzeigen" shows SHOW_STEP more each time and loads the next page
   * when the loaded ones are all shown (a long list drawn in full was most of the health tab's main-thread work on
   * a phone: ten years of records, 20 per section with their buttons). Without it, every loaded item is shown.
   */
  showFirst?: number;
  /** Buttons beside edit and remove (care: "Erledigt"); `reload` refreshes the list after an action. */
  actions?: (item: T, reload: () => void) => ComponentChildren;
  /** Below an item (notes on the record). */
  below?: (item: T) => ComponentChildren;
  /** The text of an empty list. */
  empty?: string;
  /** Other lists that show this kind's data and must be refetched after a change (summary, prediction). */
  onChange?: () => void;
  /**
   * New items may be saved without a connection (weights, training): they wait in the offline queue under this
   * kind, described by `queuedLabel`, and show in the section until they are sent.
   */
  queue?: { kind: WriteKind; label: (body: Record<string, unknown>) => string };
}

/** How many more items one press of "Mehr anzeigen" shows. */
const SHOW_STEP = 20;

/**
 * "Mehr anzeigen" below a list that shows only its first items: shows the hidden loaded ones, and loads the next
 * page from the server when fewer than a step are left, so every record can be reached (nothing is cut off).
 */
function ShowMore({
  title,
  hidden,
  list,
  onShow,
}: {
  title: string;
  hidden: number;
  list: { hasMore: boolean; loadMore: () => void; loadingMore: boolean; moreError: string | null };
  onShow: () => void;
}) {
  if (hidden <= 0 && !list.hasMore) return null;
  return (
    <div class="more">
      <ErrorNotice text={list.moreError} />
      <BusyButton
        class="button button-secondary"
        busy={list.loadingMore}
        onClick={() => {
          onShow();
          if (hidden < SHOW_STEP && list.hasMore) list.loadMore();
        }}
      >
        {/* Which list: several sections have this button. */}
        <span class="visually-hidden">{title}: </span>
        {recordTexts.showMore}
      </BusyButton>
    </div>
  );
}

function RemoveButton({ label, kind, id, onRemoved }: { label: string; kind: RecordKind; id: number; onRemoved: () => void }) {
  return (
    <DeleteButton
      remove={() => send('delete', `/api/${kind}/{id}`, { params: { path: { id } } })}
      label={recordTexts.remove}
      title={recordTexts.removeTitle(label)}
      buttonClass="button button-ghost button-small"
      ariaLabel={`${label}: ${recordTexts.remove}`}
      onDone={onRemoved}
    >
      <p>{recordTexts.removeText}</p>
    </DeleteButton>
  );
}

export function RecordSection<T extends { id: number }>({ def, dogId }: { def: SectionDef<T>; dogId: number }) {
  const list = usePagedList<T>(kindGet(`/api/dogs/{dogId}/${def.path}`, { params: { path: { dogId }, query: { limit: def.limit ?? 20 } } }));
  const [adding, setAdding] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [editing, setEditing] = useState<number | null>(null);
  const [shown, setShown] = useState(def.showFirst ?? 0);
  const headingId = `h-${def.key}`;
  return (
    <section class="card record-section" id={def.key} aria-labelledby={headingId}>
      <h2 id={headingId}>{def.title}</h2>
      {def.queue && (
        <PendingWrites
          kinds={[def.queue.kind]}
          dogId={dogId}
          onDelivered={() => {
            list.reload();
            def.onChange?.();
          }}
        />
      )}
      <Load resource={list.resource} onRetry={list.reload}>
        {(items) => (
          <>
            {def.extra?.(items)}
            {items.length === 0 ? (
              <p class="muted">{def.empty ?? recordTexts.none}</p>
            ) : (
              <ul class="record-list">
                {(def.showFirst ? items.slice(0, shown) : items).map((item) =>
                  editing === item.id ? (
                    <li key={item.id} class="editing">
                      <RecordForm
                        def={def as unknown as SectionDef<{ id: number }>}
                        dogId={dogId}
                        item={item as unknown as { id: number } & Record<string, unknown>}
                        onDone={() => {
                          setEditing(null);
                          list.reload();
                        }}
                      />
                      <button type="button" class="button button-ghost button-small" onClick={() => setEditing(null)}>
                        {t.cancel}
                      </button>
                    </li>
                  ) : (
                    <li key={item.id}>
                      <div>
                        {def.render(item, items)}
                        {def.below?.(item)}
                      </div>
                      <div class="record-actions">
                        {def.actions?.(item, list.reload)}
                        {def.canEdit && (
                          <button
                            type="button"
                            class="button button-ghost button-small"
                            onClick={() => setEditing(item.id)}
                            aria-label={`${def.label(item)}: ${t.edit}`}
                          >
                            {t.edit}
                          </button>
                        )}
                        {def.canRemove && (
                          <RemoveButton
                            label={def.label(item)}
                            kind={def.path}
                            id={item.id}
                            onRemoved={() => {
                              clearResponses(urlOf(`/api/dogs/{dogId}/${def.path}`, { params: { path: { dogId } } }));
                              def.onChange?.();
                              list.reload();
                            }}
                          />
                        )}
                      </div>
                    </li>
                  ),
                )}
              </ul>
            )}
            {def.showFirst ? (
              <ShowMore title={def.title} hidden={items.length - shown} list={list} onShow={() => setShown((n) => Math.min(n, items.length) + SHOW_STEP)} />
            ) : (
              <MoreButton list={list} />
            )}
          </>
        )}
      </Load>
      {def.canAdd &&
        (adding ? (
          <RecordForm
            key={formKey}
            def={def as unknown as SectionDef<{ id: number }>}
            dogId={dogId}
            item={null}
            onDone={() => {
              setFormKey((k) => k + 1);
              list.reload();
            }}
          />
        ) : (
          <button type="button" class="button button-secondary" onClick={() => setAdding(true)}>
            {def.title}: {recordTexts.add}
          </button>
        ))}
    </section>
  );
}
