import { api, apiGet } from '../../../core/api.js';
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../../core/texts.js';
import { RichText } from '../../../ui/rich-text.js';
import { ErrorNotice } from '../../../ui/states.js';
import { ReportQueue } from '../../../ui/report-queue.js';
import { AdminFrame } from '../../../ui/admin-frame.js';
import { moderationTexts } from './moderation-texts.js';

/**
 * /app/admin/moderation: open forum reports, oldest first (dismiss, hide or delete), then the reported map items,
 * people and direct messages (dismiss or suspend); emails masked for moderators.
 */
export function ModerationScreen() {
  const MapReports = useLazyList(loadMapReports);
  const UserReports = useLazyList(loadUserReports);
  const MessageReports = useLazyList(loadMessageReports);
  const [error, setError] = useState<string | null>(null);
  return (
    <AdminFrame title={moderationTexts.title}>
      <ErrorNotice text={error} />
      <h2>{moderationTexts.forum}</h2>
      <ReportQueue
        list={apiGet('/api/moderation/reports', { params: { query: { limit: 30 } } })}
        resolve={(id, action) => api.POST('/api/moderation/reports/{id}/resolve', { params: { path: { id } }, body: { action } })}
        texts={{ empty: moderationTexts.empty, by: moderationTexts.by, reason: moderationTexts.reason }}
        actions={[
          { action: 'dismiss' as const, label: moderationTexts.dismiss },
          { action: 'hide' as const, label: moderationTexts.hide },
          { action: 'delete' as const, label: moderationTexts.delete, danger: true },
        ]}
        onError={setError}
      >
        {(item) => (
          <>
            <p class="muted small">
              {moderationTexts.inThread} <a href={`/app/forum/thema/${item.thread.id}`}>{item.thread.title}</a> · {moderationTexts.author}{' '}
              {item.post.author.name}
              {item.post.author_email && ` (${item.post.author_email})`}
            </p>
            <blockquote>
              <RichText text={item.post.body} />
            </blockquote>
          </>
        )}
      </ReportQueue>
      <h2>{moderationTexts.map}</h2>
      {MapReports ? <MapReports onError={setError} /> : <p class="muted">{t.loading}</p>}
      <h2>{moderationTexts.people}</h2>
      {UserReports ? <UserReports onError={setError} /> : <p class="muted">{t.loading}</p>}
      <h2>{moderationTexts.messages}</h2>
      {MessageReports ? <MessageReports onError={setError} /> : <p class="muted">{t.loading}</p>}
    </AdminFrame>
  );
}

type ReportList = ComponentType<{ onError: (message: string | null) => void }>;

/** The map's reports live with the map (areas/map/nearby), people's with friends, messages' with messages. */
const loadMapReports = () => import('../../map/nearby/index.js').then((m) => m.MapReports);
const loadUserReports = () => import('../friends/index.js').then((m) => m.UserReports);
const loadMessageReports = () => import('../messages/index.js').then((m) => m.MessageReports);

/** A queue part from another area: its chunk loads only when a moderator opens this screen. */
function useLazyList(load: () => Promise<ReportList>): ReportList | null {
  const [list, setList] = useState<ReportList | null>(null);
  useEffect(() => {
    void load().then((component) => setList(() => component));
  }, [load]);
  return list;
}
