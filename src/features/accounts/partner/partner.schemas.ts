import { z } from 'zod';
import { flag, flagInput, LIMITS, requiredText } from '#core/http/route/schema-kit.js';

/** The one format for a partner code: letters, digits, - and _; stored and compared upper-case. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const normalizeCode = (code: string): string => code.trim().toUpperCase();

export const PartnerCodeString = z
  .string()
  .trim()
  .min(3)
  .max(40)
  .regex(CODE_PATTERN, 'Nur Buchstaben, Ziffern, - und _.')
  .transform((c) => c.toUpperCase());

export const CreatePartnerCodeBody = z
  .strictObject({
    code: PartnerCodeString.meta({ description: 'Wird in Großbuchstaben gespeichert; Groß-/Kleinschreibung egal', example: 'HUNDESCHULE-MUC' }),
    label: requiredText(LIMITS.title),
    max_uses: z.number().int().min(1).max(1_000_000),
    grants_founder: flagInput.default(0),
  })
  .meta({ id: 'CreatePartnerCodeBody' });
export type CreatePartnerCodeBody = z.infer<typeof CreatePartnerCodeBody>;

export const PartnerCode = z
  .object({
    id: z.number().int(),
    code: z.string(),
    label: z.string(),
    max_uses: z.number().int(),
    grants_founder: flag,
    uses: z.number().int(),
    created_at: z.string(),
  })
  .meta({ id: 'PartnerCode' });
export type PartnerCode = z.infer<typeof PartnerCode>;

export const CodeParam = z.object({ code: z.string().max(100) });

export const PartnerCodeInfo = z
  .object({
    valid: z.boolean().meta({ description: 'Der Code existiert und ist noch nicht aufgebraucht' }),
    grants_founder: z.boolean().meta({ description: 'Einlösen bringt die Gründerlizenz (und es ist noch ein Platz frei)' }),
    label: z.string().nullable(),
  })
  .meta({ id: 'PartnerCodeInfo' });
export type PartnerCodeInfo = z.infer<typeof PartnerCodeInfo>;

export const DeletedPartnerCode = z.object({ code: z.string(), deleted: z.literal(true) }).meta({ id: 'DeletedPartnerCode' });

export const FounderGrantBody = z
  .strictObject({
    mode: z
      .enum(['now', 'on_first_dog'])
      .default('now')
      .meta({ description: 'now: sofort Gründer; on_first_dog: wird Gründer mit dem ersten (nächsten) Hund' }),
  })
  .meta({ id: 'FounderGrantBody' });

export const FounderStatus = z
  .object({
    user_id: z.number().int(),
    is_founder: flag,
    is_founder_pending: flag,
    founder_number: z.number().int().nullable(),
  })
  .meta({ id: 'FounderStatus' });
export type FounderStatus = z.infer<typeof FounderStatus>;

export const FounderPlaces = z.object({ total: z.number().int(), taken: z.number().int(), left: z.number().int() }).meta({ id: 'FounderPlaces' });
