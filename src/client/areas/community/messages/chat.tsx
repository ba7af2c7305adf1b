import { LIMITS } from '#shared/limits.js';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ConversationList, Message, UserCard } from '../../../api/types.js';
import { api, ApiError, apiGet } from '../../../core/api.js';
import { formatDateTime } from '../../../core/format.js';
import type { ScreenProps } from '../../../core/screen.js';
import { RichText } from '../../../ui/rich-text.js';
import { ItemList, Load } from '../../../ui/states.js';
import { messagesTexts, messageReportTexts } from './texts.js';
import { PostError } from '../../../ui/post-error.js';
import { ReportForm } from '../../../ui/report-form.js';
import { BusyButton } from '../../../ui/form.js';
import { LoadOnScroll, MoreButton, usePagedList } from '../../../ui/paged-list.js';

/** How often an open chat asks for new messages; a hidden tab does not ask at all. */
export const POLL_MS = 3000;

/** /app/nachrichten: one line per friend with messages, unread counts first in the eye. */
export function ConversationsScreen() {
  const list = usePagedList<ConversationList['items'][number]>(apiGet('/api/conversations', { params: { query: { limit: 30 } } }));
  return (
    <section class="page page-narrow community">
      <h1>{messagesTexts.conversations}</h1>
      <Load resource={list.resource} onRetry={list.reload}>
        {(items) => (
          <ItemList items={items} empty={messagesTexts.noConversations} class="link-list conversation-list">
            {(c) => (
              <li key={c.user.id}>
                <a href={`/app/nachrichten/${c.user.id}`}>
                  <span>
                    <strong>{c.user.name}</strong>
                    <span class="muted"> · {formatDateTime(c.last_message.created_at)}</span>
                    <br />
                    <span class="muted conversation-preview">{c.last_message.text.slice(0, 80)}</span>
                  </span>
                  {c.unread > 0 && (
                    <span class="count-badge" aria-label={messagesTexts.unread(c.unread)}>
                      {c.unread}
                    </span>
                  )}
                </a>
              </li>
            )}
          </ItemList>
        )}
      </Load>
      <MoreButton list={list} auto />
    </section>
  );
}

/**
 * Polls while the chat is open and the tab visible; new messages are appended and marked read. The first answer is
 * the newest page; its cursor leads to older messages, which `loadOlder` puts in front. Every answer names the
 * partner (`partner`): the heading's name comes from the conversation itself, not from a list of friends.
 */
function useMessages(userId: number) {
  const [messages, setMessages] = useState<Message[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [partner, setPartner] = useState<UserCard | null>(null);
  const [older, setOlder] = useState<{ cursor: string | null; busy: boolean; error: unknown }>({ cursor: null, busy: false, error: null });
  const last = useRef(0);
  const append = (items: Message[]) => {
    if (items.length === 0) return;
    last.current = items[items.length - 1]!.id;
    setMessages((prev) => [...(prev ?? []), ...items.filter((m) => !(prev ?? []).some((p) => p.id === m.id))]);
  };
  useEffect(() => {
    let live = true;
    const poll = async () => {
      if (document.hidden) return;
      try {
        const firstPage = !last.current;
        const query = firstPage ? {} : { after: last.current };
        const { items, next_cursor, partner } = await api.GET('/api/conversations/{userId}/messages', { params: { path: { userId }, query } });
        if (!live) return;
        // Every poll names the partner again; the same name keeps the same object (no new render every 3 s).
        setPartner((known) => (known && known.id === partner.id && known.name === partner.name ? known : partner));
        if (firstPage) setOlder((o) => ({ ...o, cursor: next_cursor }));
        setMessages((prev) => prev ?? []);
        append(items);
        if (items.some((m) => m.sender_id === userId && !m.read_at)) await api.POST('/api/conversations/{userId}/read', { params: { path: { userId } } });
      } catch (e) {
        if (live) setError(e);
      }
    };
    void poll();
    const timer = setInterval(poll, POLL_MS);
    const onVisible = () => !document.hidden && void poll();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [userId]);
  const loadOlder = async () => {
    if (!older.cursor || older.busy) return;
    setOlder((o) => ({ ...o, busy: true, error: null }));
    try {
      const page = await api.GET('/api/conversations/{userId}/messages', { params: { path: { userId }, query: { cursor: older.cursor } } });
      setMessages((prev) => [...page.items.filter((m) => !(prev ?? []).some((p) => p.id === m.id)), ...(prev ?? [])]);
      setOlder({ cursor: page.next_cursor, busy: false, error: null });
    } catch (e) {
      setOlder((o) => ({ ...o, busy: false, error: e }));
    }
  };
  return { messages, error, append, older, loadOlder, partner };
}

/**
 * The box empties as soon as a message is sent, so the next one can be typed at once; sends queue up in order. A
 * failed send puts its text back (unless something new was typed) and shows the error.
 */
function Composer({ userId, onSent }: { userId: number; onSent: (m: Message) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<unknown>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const send = () => {
    const trimmed = text.trim();
    if (!trimmed) return;
    setText('');
    setError(null);
    queue.current = queue.current.then(async () => {
      try {
        onSent(await api.POST('/api/conversations/{userId}/messages', { params: { path: { userId } }, body: { text: trimmed } }));
      } catch (e) {
        setError(e);
        setText((current) => current || trimmed);
      }
    });
  };
  return (
    <form
      class="composer"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <label class="field">
        <span class="visually-hidden">{messagesTexts.messageLabel}</span>
        <textarea
          rows={2}
          maxLength={LIMITS.body}
          value={text}
          aria-describedby="send-hint"
          placeholder={messagesTexts.messageLabel}
          onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
              e.preventDefault();
              send();
            }
          }}
        />
      </label>
      <button type="submit" class="button" disabled={!text.trim()}>
        {messagesTexts.send}
      </button>
      <p id="send-hint" class="muted small">
        {messagesTexts.sendHint}
      </p>
      <PostError error={error} />
    </form>
  );
}

/** /app/nachrichten/:userId: the conversation with one friend. */
export function ChatScreen({ params }: ScreenProps) {
  const userId = Number(params.userId);
  const { messages, error, append, older, loadOlder, partner } = useMessages(userId);
  const name = partner?.name;
  const end = useRef<HTMLLIElement>(null);
  // Only a new last message scrolls down; older ones put in front keep the reader where they are.
  const lastId = messages?.[messages.length - 1]?.id;
  useEffect(() => end.current?.scrollIntoView?.({ block: 'end' }), [lastId]);
  return (
    <section class="page page-narrow community chat">
      <h1>{name ? messagesTexts.chatWith(name) : messagesTexts.chat}</h1>
      {error instanceof ApiError ? (
        <p class="notice notice-error" role="alert">
          {error.message}
        </p>
      ) : null}
      {older.cursor && (
        <div class="more">
          <PostError error={older.error} />
          {!older.busy && <LoadOnScroll key={older.cursor} onVisible={loadOlder} />}
          <BusyButton class="button button-secondary" onClick={loadOlder} busy={older.busy}>
            {messagesTexts.older}
          </BusyButton>
        </div>
      )}
      {messages && (
        <ol class="message-list" aria-live="polite" aria-label={messagesTexts.messages}>
          {messages.length === 0 && <li class="muted">{messagesTexts.noMessages}</li>}
          {messages.map((m) => (
            <li key={m.id} class={m.sender_id === userId ? 'message theirs' : 'message mine'}>
              <span class="visually-hidden">{m.sender_id === userId ? name : messagesTexts.you}: </span>
              <RichText text={m.text} />
              <time class="muted small" dateTime={m.created_at}>
                {formatDateTime(m.created_at)}
              </time>
              {/* Only a received message can be reported (the moderators see it with a few lines around it). */}
              {m.sender_id === userId && (
                <ReportForm
                  send={(body) => api.POST('/api/messages/{id}/report', { params: { path: { id: m.id } }, body })}
                  label={messageReportTexts.report}
                  what={m.text.slice(0, 40)}
                />
              )}
            </li>
          ))}
          <li ref={end} aria-hidden="true" class="message-end" />
        </ol>
      )}
      {!(error instanceof ApiError && error.status === 403) && <Composer userId={userId} onSent={(m) => append([m])} />}
    </section>
  );
}
