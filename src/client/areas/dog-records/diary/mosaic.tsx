import { apiGet } from '../../../core/api.js';
import { formatDate } from '../../../core/format.js';
import type { ScreenProps } from '../../../core/screen.js';
import { MoreButton, usePagedList } from '../../../ui/paged-list.js';
import { Empty, Load } from '../../../ui/states.js';
import type { MediaItem } from './diary-api.js';
import { DiaryFrame } from './diary-nav.js';
import { diaryTexts } from './texts.js';

type MosaicItem = MediaItem & { entry_date: string };

function Mosaic({ dogId }: { dogId: number | null }) {
  const list = usePagedList<MosaicItem>(apiGet('/api/diary/media', { params: { query: { limit: 60, dog_id: dogId ?? undefined } } }));
  return (
    <Load resource={list.resource} onRetry={list.reload}>
      {(items) =>
        items.length === 0 ? (
          <Empty title={diaryTexts.mosaic.emptyTitle}>
            <p>{diaryTexts.mosaic.emptyText}</p>
          </Empty>
        ) : (
          <>
            <ul class="mosaic">
              {items.map((m) => (
                <li key={m.id}>
                  <a href={`/app/tagebuch/eintrag/${m.entry_id}`}>
                    <img src={m.preview_url} alt={`Foto vom ${formatDate(m.entry_date)}`} loading="lazy" width={200} height={200} />
                  </a>
                </li>
              ))}
            </ul>
            <MoreButton list={list} />
          </>
        )
      }
    </Load>
  );
}

export function DiaryMosaicScreen({ query }: ScreenProps) {
  return (
    <DiaryFrame view="mosaic" query={query}>
      {(dog) => <Mosaic key={dog?.id ?? 'alle'} dogId={dog?.id ?? null} />}
    </DiaryFrame>
  );
}
