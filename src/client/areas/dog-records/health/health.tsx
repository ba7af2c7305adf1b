import type { Dog } from '../../../api/types.js';
import { useStore } from '../../../core/store.js';
import { session } from '../../../core/session.js';
import type { ScreenProps } from '../../../core/screen.js';
import { Load, useResource } from '../../../ui/states.js';
import { useState } from 'preact/hooks';
import { NextAppointment } from './appointments.js';
import { DocumentsSection } from './documents.js';
import { PracticeSection } from './practice.js';
import { RecordSection } from '../../../ui/record-section.js';
import { sectionDefs, type Role } from './sections.js';
import { hx } from './texts.js';

/** The health tab of one dog (/app/hunde/:dogId/gesundheit): every section, the PDF, family and emergency card. */
export function HealthScreen({ params }: ScreenProps) {
  const dogId = Number(params.dogId);
  const [dog, reload] = useResource<Dog>(Number.isInteger(dogId) ? `/api/dogs/${dogId}` : null);
  const state = useStore(session);
  const me = state.status === 'user' ? state.user.id : null;
  const name = dog.status === 'ready' ? dog.data.name : '';
  // Bumped when the vet visits change: "Nächster Termin" loads again.
  const [visitsVersion, setVisitsVersion] = useState(0);
  return (
    <section class="page page-narrow health">
      <h1>{name ? hx.title(name) : hx.titleFallback}</h1>
      <Load resource={dog} onRetry={reload}>
        {(d) => {
          const role: Role = d.user_id === me ? 'owner' : 'caregiver';
          const s = sectionDefs(role, () => setVisitsVersion((v) => v + 1));
          return (
            <>
              <nav class="link-row" aria-label={hx.titleFallback}>
                <a href={`/api/dogs/${d.id}/health-record.pdf`} download>
                  {hx.pdf}
                </a>
                <a href={`/app/hunde/${d.id}/familie`}>{hx.family}</a>
                {role === 'owner' && <a href={`/app/hunde/${d.id}/notfallausweis`}>{hx.emergency}</a>}
                {role === 'owner' && <a href={`/app/hunde/${d.id}`}>{hx.toDog}</a>}
              </nav>
              {role === 'caregiver' && (
                <p class="notice notice-info" role="note">
                  {hx.caregiverNote}
                </p>
              )}
              <NextAppointment key={visitsVersion} dogId={d.id} />
              <RecordSection def={s.vaccinations} dogId={d.id} />
              <RecordSection def={s.medications} dogId={d.id} />
              <RecordSection def={s.allergies} dogId={d.id} />
              <RecordSection def={s.weights} dogId={d.id} />
              <RecordSection def={s.visits} dogId={d.id} />
              <RecordSection def={s.findings} dogId={d.id} />
              <DocumentsSection dogId={d.id} canAdd={role === 'owner'} />
              <PracticeSection dogId={d.id} canEdit={role === 'owner'} />
            </>
          );
        }}
      </Load>
    </section>
  );
}
