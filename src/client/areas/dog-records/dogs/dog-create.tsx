import type { DogBody } from './dog-form.js';
import { api, apiHref } from '../../../core/api.js';
import { showFlash } from '../../../core/flash.js';
import { clearResponses } from '../../../core/offline-cache.js';
import { navigate } from '../../../core/router.js';
import { loadSession } from '../../../core/session.js';
import { t } from '../../../core/texts.js';
import { DogForm } from './dog-form.js';
import { dogsTexts } from './texts.js';

export function DogCreateScreen() {
  const create = async (body: DogBody) => {
    // Empty optional fields are simply left out of a new dog.
    const fields = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null)) as DogBody;
    const dog = await api.POST('/api/dogs', { body: fields });
    clearResponses(apiHref('/api/dogs'));
    // The first dog may activate a pending founder license: the badges come from the session.
    void loadSession();
    // After the first dog the app offers to be installed (ui/install-guide.tsx), a moment that makes sense.
    const own = await api.GET('/api/dogs', { params: { query: { limit: 2 } } }).catch(() => ({ items: [dog, dog] }));
    const target = `/app/hunde/${dog.id}/bearbeiten${own.items.length === 1 ? '?erster=1' : ''}`;
    showFlash(dogsTexts.created(dog.name), target.split('?')[0] ?? target);
    navigate(target, { replace: true });
  };
  return (
    <section class="page page-narrow">
      <h1>{dogsTexts.createTitle}</h1>
      <DogForm submitLabel={dogsTexts.create} onSubmit={create} />
      <p>
        <a href="/app/hunde">{t.back}</a>
      </p>
    </section>
  );
}
