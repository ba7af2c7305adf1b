import { z } from 'zod';
import { flag, flagInput, LIMITS, optionalText } from '#core/http/route/schema-kit.js';

export const EmergencyCardBody = z
  .strictObject({
    show_photo: flagInput.default(1),
    show_allergies: flagInput.default(1),
    show_medications: flagInput.default(1),
    show_practice_phone: flagInput.default(1),
    contact_name: optionalText(LIMITS.title),
    contact_phone: optionalText(50),
  })
  .meta({ id: 'EmergencyCardBody' });
export type EmergencyCardBody = z.infer<typeof EmergencyCardBody>;

/** A change of what the card shows: only the fields sent change; the link (and the collar tag) stays. */
export const EmergencyCardPatch = z
  .strictObject({
    show_photo: flagInput.optional(),
    show_allergies: flagInput.optional(),
    show_medications: flagInput.optional(),
    show_practice_phone: flagInput.optional(),
    contact_name: optionalText(LIMITS.title),
    contact_phone: optionalText(50),
  })
  .meta({ id: 'EmergencyCardPatch' });
export type EmergencyCardPatch = z.infer<typeof EmergencyCardPatch>;

export const EmergencyCard = z
  .object({
    dog_id: z.number().int(),
    url: z.string().meta({ description: 'Die öffentliche Notfallseite (für den QR-Code am Halsband)' }),
    qr_svg: z.string().meta({ description: 'QR-Code der URL als SVG' }),
    show_photo: flag,
    show_allergies: flag,
    show_medications: flag,
    show_practice_phone: flag,
    contact_name: z.string().nullable(),
    contact_phone: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'EmergencyCard' });
export type EmergencyCard = z.infer<typeof EmergencyCard>;
