import { useState } from 'preact/hooks';
import { HELP_CATEGORIES, HELP_CATEGORY_KEYS, type HelpCategory } from '#shared/help-categories.js';
import type { HelpArticle } from '../../../api/types.js';
import { api, errorMessage, apiGet } from '../../../core/api.js';
import { AdminFrame } from '../../../ui/admin-frame.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { MoreButton, usePagedList } from '../../../ui/paged-list.js';
import { Empty, Load } from '../../../ui/states.js';
import { helpAdminTexts } from './texts.js';

const LIMITS = { title: 200, body: 10_000 };

/** Writes a new article or changes one; a new one starts inactive, so it shows only once it is activated. */
function ArticleForm({ article, onDone }: { article: HelpArticle | null; onDone: (message: string | null) => void }) {
  const form = useForm(
    { category: article?.category ?? 'erste-schritte', title: article?.title ?? '', body: article?.body ?? '', active: article ? article.active === 1 : false },
    { rules: { title: { required: true, maxLength: LIMITS.title }, body: { required: true, maxLength: LIMITS.body } } },
  );
  const submit = form.onSubmit(async (v) => {
    const body = { category: v.category, title: v.title.trim(), body: v.body.trim(), active: v.active };
    if (article) await api.PATCH('/api/admin/help-articles/{id}', { params: { path: { id: article.id } }, body });
    else await api.POST('/api/admin/help-articles', { body });
    onDone(article ? helpAdminTexts.changed(body.title) : helpAdminTexts.created(body.title));
  });
  return (
    <form class="form card" ref={form.formRef} onSubmit={submit} noValidate aria-labelledby="help-form-title">
      <h2 id="help-form-title">{article ? helpAdminTexts.editTitle : helpAdminTexts.newTitle}</h2>
      <FormSummary message={form.summary} />
      <Field
        form={form}
        name="category"
        label={helpAdminTexts.category}
        options={HELP_CATEGORY_KEYS.map((key) => ({ value: key, label: HELP_CATEGORIES[key] }))}
      />
      <Field form={form} name="title" label={helpAdminTexts.title} required maxLength={LIMITS.title} />
      <Field form={form} name="body" label={helpAdminTexts.body} hint={helpAdminTexts.bodyHint} multiline rows={8} required maxLength={LIMITS.body} />
      <Field form={form} name="active" label={helpAdminTexts.active} type="checkbox" />
      <p class="link-row">
        <SubmitButton busy={form.busy} offline={form.offline}>
          {helpAdminTexts.save}
        </SubmitButton>
        <button type="button" class="button button-secondary" onClick={() => onDone(null)}>
          {helpAdminTexts.cancel}
        </button>
      </p>
    </form>
  );
}

const byPosition = (a: HelpArticle, b: HelpArticle) => a.position - b.position || a.id - b.id;

/** /app/admin/hilfe: every help article by category in page order; write, edit, activate and move them. */
export function HelpAdminScreen() {
  const list = usePagedList<HelpArticle>(apiGet('/api/admin/help-articles', { params: { query: { limit: 200 } } }));
  const [editing, setEditing] = useState<HelpArticle | 'new' | null>(null);
  const [note, setNote] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      setNote({ tone: 'success', text: done });
    } catch (error) {
      setNote({ tone: 'error', text: errorMessage(error) });
    }
    list.reload();
  };
  const toggle = (a: HelpArticle) =>
    act(
      () => api.PATCH('/api/admin/help-articles/{id}', { params: { path: { id: a.id } }, body: { active: a.active ? 0 : 1 } }),
      a.active ? helpAdminTexts.deactivated(a.title) : helpAdminTexts.activated(a.title),
    );
  const move = (group: HelpArticle[], index: number, by: -1 | 1) => {
    const ids = group.map((a) => a.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    void act(() => api.PUT('/api/admin/help-articles/order', { body: { category: group[0]!.category, ids } }), helpAdminTexts.moved(group[index]!.title));
  };
  const closeForm = (message: string | null) => {
    setEditing(null);
    if (message) setNote({ tone: 'success', text: message });
    list.reload();
  };

  return (
    <AdminFrame title={helpAdminTexts.screenTitle}>
      <p>{helpAdminTexts.intro}</p>
      {note && (
        <p class={`notice notice-${note.tone}`} role={note.tone === 'error' ? 'alert' : 'status'}>
          {note.text}
        </p>
      )}
      {editing ? (
        <ArticleForm key={editing === 'new' ? 'new' : editing.id} article={editing === 'new' ? null : editing} onDone={closeForm} />
      ) : (
        <p>
          <button type="button" class="button" onClick={() => setEditing('new')}>
            {helpAdminTexts.newButton}
          </button>
        </p>
      )}
      <Load resource={list.resource} onRetry={list.reload}>
        {(articles) =>
          articles.length === 0 ? (
            <Empty title={helpAdminTexts.empty} />
          ) : (
            <>
              {HELP_CATEGORY_KEYS.map((key: HelpCategory) => {
                const group = articles.filter((a) => a.category === key).sort(byPosition);
                if (group.length === 0) return null;
                return (
                  <section key={key} class="help-admin-group" aria-labelledby={`help-cat-${key}`}>
                    <h2 id={`help-cat-${key}`}>{HELP_CATEGORIES[key]}</h2>
                    <ol class="contrib-list">
                      {group.map((a, i) => (
                        <li key={a.id} data-article={a.id}>
                          <strong>{a.title}</strong>{' '}
                          <span class={a.active ? 'badge' : 'badge muted'}>{a.active ? helpAdminTexts.isActive : helpAdminTexts.isInactive}</span>
                          <br />
                          <span class="link-row">
                            <button type="button" class="link-button" onClick={() => setEditing(a)}>
                              {helpAdminTexts.edit}
                              <span class="visually-hidden">: {a.title}</span>
                            </button>
                            <button type="button" class="link-button" onClick={() => void toggle(a)}>
                              {a.active ? helpAdminTexts.deactivate : helpAdminTexts.activate}
                              <span class="visually-hidden">: {a.title}</span>
                            </button>
                            {i > 0 && (
                              <button type="button" class="link-button" onClick={() => move(group, i, -1)}>
                                {helpAdminTexts.up}
                                <span class="visually-hidden">: {a.title}</span>
                              </button>
                            )}
                            {i < group.length - 1 && (
                              <button type="button" class="link-button" onClick={() => move(group, i, 1)}>
                                {helpAdminTexts.down}
                                <span class="visually-hidden">: {a.title}</span>
                              </button>
                            )}
                          </span>
                        </li>
                      ))}
                    </ol>
                  </section>
                );
              })}
            </>
          )
        }
      </Load>
      <MoreButton list={list} />
    </AdminFrame>
  );
}
