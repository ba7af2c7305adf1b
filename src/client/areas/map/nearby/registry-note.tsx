import { apiGet } from '../../../core/api.js';
import { useResource } from '../../../ui/states.js';

/**
 * The dog's recorded registry (issue 53; the duties of the linked dog, which only its owner and caregivers may read):
 * on the poster its name and public hotline, in the lost-dog flow a reminder to report the dog missing there too.
 */
function useRegistry(dogId: number | null) {
  const [duties] = useResource(dogId ? apiGet('/api/dogs/{dogId}/duties', { params: { path: { dogId } } }) : null);
  if (duties.status !== 'ready') return { loaded: duties.status === 'error', registry: null };
  const item = duties.data.items.find((i) => i.code === 'registry');
  const provider = item?.record?.provider ?? null;
  return { loaded: true, registry: provider ? { provider, hotline: item?.registry?.hotline ?? null, website: item?.registry?.website ?? null } : null };
}

export function PosterRegistry({ dogId }: { dogId: number | null }) {
  const { registry } = useRegistry(dogId);
  if (!registry) return null;
  return (
    <p class="poster-registry">
      Gechippt und registriert bei <strong>{registry.provider}</strong>
      {registry.hotline && <> · Hotline {registry.hotline}</>}
      {registry.website && <> · {registry.website.replace(/^https?:\/\//, '')}</>}
    </p>
  );
}

export function ReportAtRegistry({ dogId, name }: { dogId: number | null; name: string }) {
  const { loaded, registry } = useRegistry(dogId);
  if (dogId && !loaded) return null;
  return (
    <p class="notice notice-warning" role="note">
      {registry ? (
        <>
          Melde {name} auch bei <strong>{registry.provider}</strong> als vermisst
          {registry.hotline ? <>: Hotline {registry.hotline}</> : registry.website ? <> ({registry.website.replace(/^https?:\/\//, '')})</> : null}. Dann meldet
          sich das Register, sobald jemand den Chip ausliest.
        </>
      ) : (
        <>
          Ist {name} gechippt? Melde den Hund auch bei seinem Haustierregister (z. B. TASSO, FINDEFIX, Heimtierdatenbank, AMICUS) als vermisst: Ein Chip ohne
          Registrierung bringt keinen Hund nach Hause.
        </>
      )}
    </p>
  );
}
