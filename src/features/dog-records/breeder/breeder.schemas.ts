import { z } from 'zod';
import { CalendarDate, Id, LIMITS, optionalText } from '#core/http/route/schema-kit.js';

/** Decisions, Breeder area: a litter of the breeder's female dog; expected birth = mating + 63 days. */
export const GESTATION_DAYS = 63;

export const LitterFields = z.strictObject({
  mother_dog_id: Id.meta({ description: 'Eine eigene Hündin' }),
  father_dog_id: Id.nullable().optional().meta({ description: 'Ein eigener Rüde (oder father_name)' }),
  father_name: optionalText(LIMITS.dogName).meta({ description: 'Name des Deckrüden, wenn er nicht in der App ist' }),
  mating_date: CalendarDate.nullable().optional(),
  birth_date: CalendarDate.nullable().optional(),
  notes: optionalText(LIMITS.note),
});
export const CreateLitterBody = LitterFields.meta({ id: 'CreateLitterBody' });
export const UpdateLitterBody = LitterFields.partial().strict().meta({ id: 'UpdateLitterBody' });

const PUPPY_SEXES = ['male', 'female'] as const;
/** Grams with at most one decimal (a puppy scale shows 180,5 g). */
const Grams = z
  .number()
  .min(1)
  .max(100_000)
  .refine((g) => Math.abs(g * 10 - Math.round(g * 10)) < 1e-9, { error: 'Höchstens eine Nachkommastelle (z. B. 180,5).' });

export const PuppyFields = z.strictObject({
  name: optionalText(LIMITS.dogName),
  collar_color: z.string().trim().min(1).max(40).meta({ description: 'Halsbandfarbe, z. B. „rot“ oder „#d33“' }),
  sex: z.enum(PUPPY_SEXES),
  birth_weight_g: Grams.nullable().optional().meta({ description: 'Geburtsgewicht in Gramm (1–100.000, eine Nachkommastelle)' }),
  chip_number: optionalText(30),
  buyer_name: optionalText(LIMITS.title),
  buyer_contact: optionalText(LIMITS.title),
  handover_date: CalendarDate.nullable().optional(),
  vaccinations: optionalText(2_000),
});
export const CreatePuppyBody = PuppyFields.meta({ id: 'CreatePuppyBody' });
export const UpdatePuppyBody = PuppyFields.partial().strict().meta({ id: 'UpdatePuppyBody' });

export const PuppyWeightBody = z
  .strictObject({ date: CalendarDate, weight_g: Grams.meta({ description: 'Gewicht in Gramm (1–100.000, eine Nachkommastelle)' }) })
  .meta({ id: 'PuppyWeightBody' });
export const LitterWeighingBody = z
  .strictObject({
    date: CalendarDate,
    weights: z
      .array(z.strictObject({ puppy_id: Id, weight_g: Grams }))
      .min(1)
      .max(30),
  })
  .meta({ id: 'LitterWeighingBody' });

export const Puppy = z
  .object({
    id: z.number().int(),
    litter_id: z.number().int(),
    name: z.string().nullable(),
    collar_color: z.string(),
    sex: z.enum(PUPPY_SEXES),
    birth_weight_g: z.number().nullable().meta({ description: 'Gramm, höchstens eine Nachkommastelle' }),
    chip_number: z.string().nullable(),
    buyer_name: z.string().nullable(),
    buyer_contact: z.string().nullable(),
    handover_date: z.string().nullable(),
    vaccinations: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Puppy' });
export type Puppy = z.infer<typeof Puppy>;

export const Litter = z
  .object({
    id: z.number().int(),
    mother_dog_id: z.number().int(),
    mother_name: z.string(),
    father_dog_id: z.number().int().nullable(),
    father_name: z.string().nullable(),
    mating_date: z.string().nullable(),
    birth_date: z.string().nullable(),
    expected_birth_date: z.string().nullable().meta({ description: 'Deckdatum + 63 Tage' }),
    notes: z.string().nullable(),
    puppy_count: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Litter' });
export type Litter = z.infer<typeof Litter>;
export const LitterDetail = Litter.extend({ puppies: z.array(Puppy) }).meta({ id: 'LitterDetail' });
export type LitterDetail = z.infer<typeof LitterDetail>;

export const PuppyWeight = z
  .object({ date: z.string(), weight_g: z.number().meta({ description: 'Gramm, höchstens eine Nachkommastelle' }) })
  .meta({ id: 'PuppyWeight' });
export const GrowthWarning = z
  .object({
    kind: z
      .enum(['lost', 'slow'])
      .meta({ description: 'lost: leichter als am Vortag; slow: über drei bis sieben Tage deutlich weniger zugenommen als die Geschwister (oder abgenommen)' }),
    date: z.string(),
    message: z.string(),
  })
  .meta({ id: 'GrowthWarning' });
export type GrowthWarning = z.infer<typeof GrowthWarning>;
export const LitterWeights = z
  .object({
    puppies: z.array(
      z.object({
        puppy_id: z.number().int(),
        name: z.string().nullable(),
        collar_color: z.string(),
        weights: z.array(PuppyWeight),
        warnings: z.array(GrowthWarning),
      }),
    ),
  })
  .meta({ id: 'LitterWeights' });
export type LitterWeights = z.infer<typeof LitterWeights>;
