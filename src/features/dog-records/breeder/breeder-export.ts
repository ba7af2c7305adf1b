import type { Actor } from '#core/auth/session-user.js';
import { dateInZone, germanDate } from '#core/clock.js';
import type { AppContext } from '#core/context.js';
import { germanCsv } from '#core/csv.js';
import { germanPdf } from '#core/pdf/pdf-kit.js';
import { findDog } from '../dogs/index.js';
import { litterDetail, litterWeights } from './breeder.service.js';
import { findPuppy } from './breeder.repo.js';
import { grams } from './growth.js';
import { requireOwner } from '#core/auth/ownership.js';

const SEX_DE: Record<string, string> = { male: 'Rüde', female: 'Hündin' };
const gramsOrEmpty = (g: number | null) => (g === null ? '' : grams(g));

/**
 * The litter as a German Excel sheet: one row per puppy, its details, then one column per weighing day (grams),
 * the way breeders keep it in their spreadsheets.
 */
export async function litterCsv(ctx: AppContext, actor: Actor, litterId: number): Promise<{ csv: string; name: string }> {
  const litter = await litterDetail(ctx, actor, litterId);
  const { puppies } = await litterWeights(ctx, actor, litterId);
  const days = [...new Set(puppies.flatMap((p) => p.weights.map((w) => w.date)))].sort();
  const header = ['Welpe', 'Halsband', 'Geschlecht', 'Geburtsgewicht (g)', 'Chipnummer', 'Käufer', 'Kontakt', 'Abgabe', ...days.map(germanDate)];
  const rows = litter.puppies.map((p) => {
    const weights = new Map(puppies.find((s) => s.puppy_id === p.id)?.weights.map((w) => [w.date, w.weight_g]));
    return [
      p.name,
      p.collar_color,
      SEX_DE[p.sex] ?? p.sex,
      p.birth_weight_g,
      p.chip_number,
      p.buyer_name,
      p.buyer_contact,
      p.handover_date ? germanDate(p.handover_date) : null,
      ...days.map((d) => weights.get(d) ?? null),
    ];
  });
  return { csv: germanCsv(header, rows), name: `wurf-${litter.mother_name}-${litter.birth_date ?? litter.id}` };
}

/** The puppy record a buyer takes home: puppy, parents, weights, vaccinations, chip, handover. */
export async function puppyPdf(ctx: AppContext, actor: Actor, puppyId: number): Promise<{ pdf: Buffer; name: string }> {
  const puppy = requireOwner(actor, await findPuppy(ctx.db, puppyId), {
    missing: 'Diesen Welpen gibt es nicht.',
    foreign: 'Dieser Welpe gehört nicht zu deinen Würfen.',
  });
  const litter = await litterDetail(ctx, actor, puppy.litter_id);
  const weights = (await litterWeights(ctx, actor, puppy.litter_id)).puppies.find((p) => p.puppy_id === puppy.id)?.weights ?? [];
  const mother = await findDog(ctx.db, litter.mother_dog_id);
  const father = litter.father_dog_id ? await findDog(ctx.db, litter.father_dog_id) : undefined;
  const label = puppy.name ?? `Welpe ${puppy.collar_color}`;
  const { title, heading, line, none, tableSection, finish } = germanPdf({
    title: `Welpenpass ${label}`,
    author: ctx.config.appName,
    subject: 'Welpenpass für die neuen Besitzer',
  });
  title(`Welpenpass: ${label}`, `Erstellt am ${germanDate(dateInZone(ctx.clock.now(), ctx.config.timeZone))} von ${actor.name} mit ${ctx.config.appName}.`);
  heading('Welpe');
  line('Name', puppy.name ?? '');
  line('Halsband', puppy.collar_color);
  line('Geschlecht', SEX_DE[puppy.sex] ?? '');
  line('Geboren', litter.birth_date ? germanDate(litter.birth_date) : '');
  line('Geburtsgewicht', gramsOrEmpty(puppy.birth_weight_g));
  line('Chipnummer', puppy.chip_number ?? '');
  heading('Eltern');
  line('Mutter', [mother?.name, mother?.breed].filter(Boolean).join(', '));
  line('Vater', father ? [father.name, father.breed].filter(Boolean).join(', ') : (litter.father_name ?? ''));
  await tableSection(
    'Gewicht',
    'Keine Wiegungen eingetragen.',
    [
      ['Datum', 0.3],
      ['Gewicht', 0.7],
    ],
    weights.map((w) => [germanDate(w.date), grams(w.weight_g)]),
  );
  heading('Impfungen und Entwurmung');
  if (!puppy.vaccinations) none('Keine Angaben.');
  else line('Angaben der Züchterin bzw. des Züchters', puppy.vaccinations);
  heading('Abgabe');
  line('An', puppy.buyer_name ?? '');
  line('Am', puppy.handover_date ? germanDate(puppy.handover_date) : '');
  return { pdf: await finish(label), name: label };
}
