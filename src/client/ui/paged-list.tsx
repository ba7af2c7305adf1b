import { useEffect, useRef, useState } from 'preact/hooks';
import { type ApiGet, errorMessage, run, withQuery } from '../core/api.js';
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
export function usePagedList<T>(request: ApiGet<Page<T>> | null) {
  const [first, reload, mutate] = useResource<Page<T>>(request);
  const [extra, setExtra] = useState<{ items: T[]; cursor: string | null }>({ items: [], cursor: null });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);

  useEffect(() => {
    setExtra({ items: [], cursor: first.status === 'ready' ? first.data.next_cursor : null });
    setMoreError(null);
  }, [first]);

  // The cursor being fetched: a click and the scroll trigger can both call loadMore before the list re-renders.
  const fetching = useRef<string | null>(null);
  const loadMore = async () => {
    const cursor = extra.cursor;
    if (!request || !cursor || fetching.current === cursor) return;
    fetching.current = cursor;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await run(withQuery(request, { cursor }));
      // Only onto the end it was asked for: after a reload of the first page the list has moved on.
      setExtra((prev) => (prev.cursor === cursor ? { items: [...prev.items, ...page.items], cursor: page.next_cursor } : prev));
    } catch (error) {
      setMoreError(errorMessage(error));
    } finally {
      fetching.current = null;
      setLoadingMore(false);
    }
  };

  const resource: Resource<T[]> = first.status === 'ready' ? { status: 'ready', data: [...first.data.items, ...extra.items], savedAt: first.savedAt } : first;
  return { resource, reload, mutate, hasMore: extra.cursor !== null, cursor: extra.cursor, loadMore, loadingMore, moreError };
}

/**
 * Calls `onVisible` when this marker scrolls into view (loading more on scroll); the button beside it stays for
 * keyboards, screen readers and browsers without IntersectionObserver. Give it the cursor as `key`: a new marker per
 * page is observed afresh, so a marker that stays in view (a short list, a tall screen) still loads the next page.
 */
export function LoadOnScroll({ onVisible }: { onVisible: () => void }) {
  const marker = useRef<HTMLSpanElement>(null);
  const latest = useRef(onVisible);
  latest.current = onVisible;
  useEffect(() => {
    if (!marker.current || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current());
    observer.observe(marker.current);
    return () => observer.disconnect();
  }, []);
  return <span ref={marker} aria-hidden="true" class="load-on-scroll" />;
}

/** `auto`: also loads the next page when the button scrolls into view (not after a failed load: then the button). */
export function MoreButton({
  list,
  auto = false,
}: {
  list: { hasMore: boolean; cursor?: string | null; loadMore: () => void; loadingMore: boolean; moreError: string | null };
  auto?: boolean;
}) {
  if (!list.hasMore) return null;
  return (
    <div class="more">
      {auto && !list.moreError && !list.loadingMore && <LoadOnScroll key={list.cursor ?? ''} onVisible={list.loadMore} />}
      <ErrorNotice text={list.moreError} />
      <BusyButton class="button button-secondary" onClick={list.loadMore} busy={list.loadingMore}>
        {t.more}
      </BusyButton>
    </div>
  );
}
