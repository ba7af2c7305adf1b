import { useStore } from '../../../core/store.js';
import { session } from '../../../core/session.js';
import type { ScreenProps } from '../../../core/screen.js';
import { Load, Loading, useResource } from '../../../ui/states.js';
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { prefetch, apiGet, apiHref } from '../../../core/api.js';
import { healthFirstRequests } from './first-requests.js';
import { NextAppointment } from './appointments.js';
import { DocumentsSection } from './documents.js';
import { PracticeSection } from './practice.js';
import { RecordSection } from '../../../ui/record-section.js';
import { sectionDefs, type Role } from './sections.js';
import { healthTexts } from './texts.js';

/**
 * Calls `next` once the browser has painted what was drawn: after the next frame, in a task of its own, so each
 * section's drawing and its layout are separate short tasks instead of several sections in one long frame. The
 * timeout stands in where no frames come (a tab in the background).
 */
function afterPaint(next: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    window.cancelAnimationFrame(frame);
    window.clearTimeout(fallback);
    window.setTimeout(next, 0);
  };
  const frame = window.requestAnimationFrame(run);
  const fallback = window.setTimeout(run, 100);
  return () => {
    done = true;
    window.cancelAnimationFrame(frame);
    window.clearTimeout(fallback);
  };
}

/** The health tab of one dog (/app/hunde/:dogId/gesundheit): every section, the PDF, family and emergency card. */
export function HealthScreen({ params }: ScreenProps) {
  const dogId = Number(params.dogId);
  const [dog, reload] = useResource(Number.isInteger(dogId) ? apiGet('/api/dogs/{dogId}', { params: { path: { dogId } } }) : null);
  const state = useStore(session);
  const me = state.status === 'user' ? state.user.id : null;
  const name = dog.status === 'ready' ? dog.data.name : '';
  // Bumped when the vet visits change: "Nächster Termin" loads again.
  const [visitsVersion, setVisitsVersion] = useState(0);
  const onVisitsChange = useCallback(() => setVisitsVersion((v) => v + 1), []);
  // A section appears once its first page and those of all sections above it are here, so each is appended below
  // the last and nothing moves (drawn as each answer came, they pushed each other down: layout shift 0.3–0.5).
  // The requests run side by side (started at app start for a first screen, see routes.ts).
  const [arrived, setArrived] = useState(0);
  useEffect(() => {
    let live = true;
    setArrived(0);
    // healthFirstRequests: the dog first (read above), then one path per section in their order.
    const paths = healthFirstRequests(dogId).slice(1);
    const done = paths.map(() => false);
    paths.forEach((path, i) =>
      prefetch(path).then(() => {
        if (!live) return;
        done[i] = true;
        const leading = done.indexOf(false);
        setArrived(leading < 0 ? done.length : leading);
      }),
    );
    return () => {
      live = false;
    };
  }, [dogId]);
  // One section per task, each after the previous one was painted: all in one go was a block of main-thread work
  // of a second on a slow phone (Lighthouse's total blocking time), and sections drawn back to back without a
  // frame between them were laid out together in one long frame.
  const [drawn, setDrawn] = useState(0);
  useEffect(() => {
    if (arrived === 0) return setDrawn(0);
    if (drawn >= arrived) return;
    if (drawn === 0) return setDrawn(1);
    return afterPaint(() => setDrawn((n) => n + 1));
  }, [arrived, drawn]);
  return (
    <section class="page page-narrow health">
      <h1>{name ? healthTexts.title(name) : healthTexts.titleFallback}</h1>
      <Load resource={dog} onRetry={reload}>
        {(d) => {
          const role: Role = d.user_id === me ? 'owner' : 'caregiver';
          return (
            <>
              <nav class="link-row" aria-label={healthTexts.titleFallback}>
                <a href={apiHref('/api/dogs/{dogId}/health-record.pdf', { params: { path: { dogId: d.id } } })} download>
                  {healthTexts.pdf}
                </a>
                <a href={`/app/hunde/${d.id}/familie`}>{healthTexts.family}</a>
                {role === 'owner' && <a href={`/app/hunde/${d.id}/notfallausweis`}>{healthTexts.emergency}</a>}
                {role === 'owner' && <a href={`/app/hunde/${d.id}`}>{healthTexts.toDog}</a>}
              </nav>
              {role === 'caregiver' && (
                <p class="notice notice-info" role="note">
                  {healthTexts.caregiverNote}
                </p>
              )}
              {drawn === 0 && <Loading />}
              {drawn > 0 && (
                // A plain block, not the page's flex column: a section added below is laid out alone.
                <div class="health-sections">
                  <Sections dogId={d.id} role={role} visitsVersion={visitsVersion} onVisitsChange={onVisitsChange} count={drawn} />
                </div>
              )}
            </>
          );
        }}
      </Load>
    </section>
  );
}

/**
 * The first `count` sections. Made once per dog, role and visits version, so drawing one more section does not
 * draw the ones before it again (the same elements are skipped by Preact).
 */
function Sections({
  dogId,
  role,
  visitsVersion,
  onVisitsChange,
  count,
}: {
  dogId: number;
  role: Role;
  visitsVersion: number;
  onVisitsChange: () => void;
  count: number;
}) {
  const all = useMemo(() => {
    const s = sectionDefs(role, onVisitsChange);
    return [
      <NextAppointment key={`next-${visitsVersion}`} dogId={dogId} />,
      <RecordSection key="vaccinations" def={s.vaccinations} dogId={dogId} />,
      <RecordSection key="medications" def={s.medications} dogId={dogId} />,
      <RecordSection key="allergies" def={s.allergies} dogId={dogId} />,
      <RecordSection key="weights" def={s.weights} dogId={dogId} />,
      <RecordSection key="visits" def={s.visits} dogId={dogId} />,
      <RecordSection key="findings" def={s.findings} dogId={dogId} />,
      <DocumentsSection key="documents" dogId={dogId} canAdd={role === 'owner'} />,
      <PracticeSection key="practice" dogId={dogId} canEdit={role === 'owner'} />,
    ];
  }, [dogId, role, visitsVersion, onVisitsChange]);
  return <>{all.slice(0, count)}</>;
}
