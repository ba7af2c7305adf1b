import { useEffect, useState } from 'preact/hooks';
import { api, errorMessage, query } from '../core/api.js';
import { t } from '../core/texts.js';
import { BusyButton } from './form.js';
import { ErrorNotice, type Resource, useResource } from './states.js';

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

/**
 * A cursor-paged list (`{ items, next_cursor }`): the first page goes through the offline cache, further pages
 * are appended with "Mehr laden".
 */
export function usePagedList<T>(path: string | null) {
  const [first, reload, mutate] = useResource<Page<T>>(path);
  const [extra, setExtra] = useState<{ items: T[]; cursor: string | null }>({ items: [], cursor: null });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);

  useEffect(() => {
    setExtra({ items: [], cursor: first.status === 'ready' ? first.data.next_cursor : null });
    setMoreError(null);
  }, [first]);

  const loadMore = async () => {
    if (!path || !extra.cursor) return;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const separator = path.includes('?') ? '&' : '?';
      const page = await api.get<Page<T>>(`${path}${separator}${query({ cursor: extra.cursor }).slice(1)}`);
      setExtra((prev) => ({ items: [...prev.items, ...page.items], cursor: page.next_cursor }));
    } catch (error) {
      setMoreError(errorMessage(error));
    } finally {
      setLoadingMore(false);
    }
  };

  const resource: Resource<T[]> = first.status === 'ready' ? { status: 'ready', data: [...first.data.items, ...extra.items], savedAt: first.savedAt } : first;
  return { resource, reload, mutate, hasMore: extra.cursor !== null, loadMore, loadingMore, moreError };
}

export function MoreButton({ list }: { list: { hasMore: boolean; loadMore: () => void; loadingMore: boolean; moreError: string | null } }) {
  if (!list.hasMore) return null;
  return (
    <div class="more">
      <ErrorNotice text={list.moreError} />
      <BusyButton class="button button-secondary" onClick={list.loadMore} busy={list.loadingMore}>
        {t.more}
      </BusyButton>
    </div>
  );
}
