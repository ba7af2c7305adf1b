import { z } from 'zod';

export const DoseBody = z
  .strictObject({ given_at: z.iso.datetime({ offset: true }).optional().meta({ description: 'Zeitpunkt der Gabe; ohne Angabe jetzt' }) })
  .meta({ id: 'DoseBody' });
export type DoseBody = z.infer<typeof DoseBody>;

export const Dose = z
  .object({
    id: z.number().int(),
    medication_id: z.number().int(),
    dog_id: z.number().int(),
    given_at: z.string(),
    given_by: z.number().int().nullable(),
    given_by_name: z.string().nullable().meta({ description: 'Wer die Gabe abgehakt hat („gegeben von Ben“)' }),
    created_at: z.string(),
  })
  .meta({ id: 'Dose' });
export type Dose = z.infer<typeof Dose>;

export const DoseTicked = Dose.extend({ stock: z.number().int().nullable().meta({ description: 'Vorrat nach dieser Gabe' }) }).meta({ id: 'DoseTicked' });
export const DoseList = z.object({ items: z.array(Dose) }).meta({ id: 'DoseList' });
