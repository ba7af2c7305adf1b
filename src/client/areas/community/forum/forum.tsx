import { LIMITS } from '#shared/limits.js';
import { useState } from 'preact/hooks';
import type { ForumPost, ForumThreadDetail, ForumThreadSummary } from '../../../api/types.js';
import { api, ApiError, apiGet } from '../../../core/api.js';
import { formatDateTime } from '../../../core/format.js';
import { navigate } from '../../../core/router.js';
import type { ScreenProps } from '../../../core/screen.js';
import { ConfirmDialog } from '../../../ui/confirm-dialog.js';
import { Field, FormSummary, SubmitButton, useForm } from '../../../ui/form.js';
import { MoreButton, usePagedList } from '../../../ui/paged-list.js';
import { RichText } from '../../../ui/rich-text.js';
import { ItemList, Load, useResource } from '../../../ui/states.js';
import { forumTexts } from './texts.js';
import { PostError } from '../../../ui/post-error.js';

/** /app/forum: the categories. */
export function ForumScreen() {
  const [cats, reload] = useResource(apiGet('/api/forum/categories'));
  return (
    <section class="page page-narrow community">
      <h1>{forumTexts.forum}</h1>
      <Load resource={cats} onRetry={reload}>
        {(c) => (
          <ul class="link-list">
            {c.items.map((cat) => (
              <li key={cat.id}>
                <a href={`/app/forum/${cat.slug}`}>
                  <span>
                    <strong>{cat.name}</strong> <span class="muted">· {forumTexts.threads(cat.thread_count)}</span>
                    <br />
                    <span class="muted small">{cat.description}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </Load>
    </section>
  );
}

function NewThread({ category }: { category: string }) {
  const [error, setError] = useState<unknown>(null);
  const form = useForm(
    { title: '', body: '' },
    { rules: { title: { required: true, maxLength: LIMITS.title }, body: { required: true, maxLength: LIMITS.body } } },
  );
  const submit = form.onSubmit(async (v) => {
    setError(null);
    try {
      const t = await api.POST('/api/forum/threads', { body: { category, title: v.title.trim(), body: v.body.trim() } });
      navigate(`/app/forum/thema/${t.id}`);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'email_not_verified') setError(e);
      else throw e;
    }
  });
  return (
    <form class="card form" ref={form.formRef} onSubmit={submit} noValidate aria-labelledby="h-new-thread">
      <h2 id="h-new-thread">{forumTexts.newThread}</h2>
      <FormSummary message={form.summary} />
      <Field form={form} name="title" label={forumTexts.titleLabel} required maxLength={LIMITS.title} />
      <Field form={form} name="body" label={forumTexts.bodyLabel} required multiline rows={5} maxLength={LIMITS.body} />
      <SubmitButton busy={form.busy} offline={form.offline}>
        {forumTexts.create}
      </SubmitButton>
      <PostError error={error} />
    </form>
  );
}

/** /app/forum/:slug: the threads of a category, newest activity first, and a new thread. */
export function ForumCategoryScreen({ params }: ScreenProps) {
  const [cats] = useResource(apiGet('/api/forum/categories'));
  const list = usePagedList<ForumThreadSummary>(apiGet('/api/forum/threads', { params: { query: { category: params.slug ?? '', limit: 20 } } }));
  const cat = cats.status === 'ready' ? cats.data.items.find((c) => c.slug === params.slug) : undefined;
  return (
    <section class="page page-narrow community">
      <h1>{cat?.name ?? forumTexts.forum}</h1>
      <p class="link-row">
        <a href="/app/forum">{forumTexts.categories}</a>
      </p>
      <Load resource={list.resource} onRetry={list.reload}>
        {(items) => (
          <ItemList items={items} empty={forumTexts.noThreads} class="link-list">
            {(t) => (
              <li key={t.id}>
                <a href={`/app/forum/thema/${t.id}`}>
                  <span>
                    <strong>{t.title}</strong>
                    {t.locked && <span class="tag"> {forumTexts.locked}</span>}
                    <br />
                    <span class="muted small">
                      {t.author.name} · {forumTexts.posts(t.post_count)} · {formatDateTime(t.last_post_at)}
                    </span>
                  </span>
                </a>
              </li>
            )}
          </ItemList>
        )}
      </Load>
      <MoreButton list={list} />
      {params.slug && <NewThread category={params.slug} />}
    </section>
  );
}

function PostItem({ post, thread, onChanged }: { post: ForumPost; thread: ForumThreadDetail; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState('');
  const [removing, setRemoving] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [text, setText] = useState(post.body);
  const act = async (fn: () => Promise<unknown>) => {
    setError(null);
    try {
      await fn();
      return true;
    } catch (e) {
      setError(e);
      return false;
    }
  };
  return (
    <li class="forum-post" id={`beitrag-${post.id}`}>
      <p class="muted small">
        <strong>{post.author.name}</strong> · {formatDateTime(post.created_at)}
        {post.edited_at && ` · ${forumTexts.edited}`}
      </p>
      {post.hidden && !post.body ? (
        <p class="muted">{forumTexts.hiddenPost}</p>
      ) : editing ? (
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            if (await act(() => api.PATCH('/api/forum/posts/{id}', { params: { path: { id: post.id } }, body: { body: text.trim() } }))) {
              setEditing(false);
              onChanged();
            }
          }}
        >
          <label class="field">
            <span class="visually-hidden">{forumTexts.bodyLabel}</span>
            <textarea rows={4} maxLength={LIMITS.body} value={text} onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)} />
          </label>
          <button type="submit" class="button button-small">
            {forumTexts.save}
          </button>
        </form>
      ) : (
        <RichText text={post.body} />
      )}
      {post.hidden && post.body && <p class="tag">{forumTexts.hiddenPost}</p>}
      <div class="record-actions">
        {post.mine && !thread.locked && !editing && (
          <button type="button" class="button button-ghost button-small" onClick={() => setEditing(true)}>
            {forumTexts.edit}
          </button>
        )}
        {(post.mine || thread.can_moderate) && (
          <button type="button" class="button button-ghost button-small" onClick={() => setRemoving(true)}>
            {forumTexts.remove}
          </button>
        )}
        {!post.mine && (
          <button type="button" class="button button-ghost button-small" onClick={() => setReporting((r) => !r)} aria-expanded={reporting}>
            {forumTexts.report}
          </button>
        )}
      </div>
      {reporting && (
        <form
          class="form"
          onSubmit={async (e) => {
            e.preventDefault();
            if (
              reason.trim() &&
              (await act(() => api.POST('/api/forum/posts/{id}/report', { params: { path: { id: post.id } }, body: { reason: reason.trim() } })))
            ) {
              setReporting(false);
              setNote(forumTexts.reported);
            }
          }}
        >
          <label class="field">
            <span>{forumTexts.reportReason}</span>
            <input type="text" maxLength={1000} value={reason} onInput={(e) => setReason((e.currentTarget as HTMLInputElement).value)} />
          </label>
          <button type="submit" class="button button-small">
            {forumTexts.report}
          </button>
        </form>
      )}
      {note && (
        <p class="notice notice-success" role="status">
          {note}
        </p>
      )}
      <PostError error={error} />
      <ConfirmDialog
        open={removing}
        title={forumTexts.removeTitle}
        confirmLabel={forumTexts.remove}
        onCancel={() => setRemoving(false)}
        onConfirm={async () => {
          setRemoving(false);
          if (!(await act(() => api.DELETE('/api/forum/posts/{id}', { params: { path: { id: post.id } } })))) return;
          if (post.is_opening) navigate(`/app/forum/${thread.category}`);
          else onChanged();
        }}
      >
        <p>{forumTexts.removeText}</p>
      </ConfirmDialog>
    </li>
  );
}

function ReplyForm({ threadId, onDone }: { threadId: number; onDone: () => void }) {
  const [error, setError] = useState<unknown>(null);
  const form = useForm({ body: '' }, { rules: { body: { required: true, maxLength: LIMITS.body } } });
  const submit = form.onSubmit(async (v) => {
    setError(null);
    try {
      await api.POST('/api/forum/threads/{id}/posts', { params: { path: { id: threadId } }, body: { body: v.body.trim() } });
      form.setValues({ body: '' });
      onDone();
    } catch (e) {
      if (e instanceof ApiError && (e.code === 'email_not_verified' || e.code === 'thread_locked')) setError(e);
      else throw e;
    }
  });
  return (
    <form class="card form" ref={form.formRef} onSubmit={submit} noValidate aria-labelledby="h-reply">
      <h2 id="h-reply">{forumTexts.reply}</h2>
      <FormSummary message={form.summary} />
      <Field form={form} name="body" label={forumTexts.replyLabel} required multiline rows={4} maxLength={LIMITS.body} />
      <SubmitButton busy={form.busy} offline={form.offline}>
        {forumTexts.reply}
      </SubmitButton>
      <PostError error={error} />
    </form>
  );
}

/** /app/forum/thema/:id: the thread with its posts, reply, report, edit and delete; moderators lock. */
export function ThreadScreen({ params }: ScreenProps) {
  const id = Number(params.id);
  const [thread, reload] = useResource(Number.isInteger(id) ? apiGet('/api/forum/threads/{id}', { params: { path: { id } } }) : null);
  return (
    <section class="page page-narrow community">
      <h1>{thread.status === 'ready' ? thread.data.title : forumTexts.forum}</h1>
      <Load resource={thread} onRetry={reload}>
        {(t) => (
          <>
            <p class="link-row">
              <a href={`/app/forum/${t.category}`}>{forumTexts.forum}</a>
              {t.can_moderate && (
                <button
                  type="button"
                  class="button button-ghost button-small"
                  onClick={async () => {
                    await api.POST('/api/moderation/threads/{id}/lock', { params: { path: { id: t.id } }, body: { locked: !t.locked } });
                    reload();
                  }}
                >
                  {t.locked ? forumTexts.unlock : forumTexts.lock}
                </button>
              )}
            </p>
            <ol class="forum-posts">
              {t.posts.map((p) => (
                <PostItem key={p.id} post={p} thread={t} onChanged={reload} />
              ))}
            </ol>
            {t.locked ? <p class="notice notice-info">{forumTexts.lockedText}</p> : <ReplyForm threadId={t.id} onDone={reload} />}
          </>
        )}
      </Load>
    </section>
  );
}
