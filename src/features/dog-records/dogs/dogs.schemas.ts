import { z } from 'zod';
import { CalendarDate, flag, flagInput, LIMITS, optionalText, requiredText } from '#core/http/route/schema-kit.js';

/** The writable dog fields; name, breed (80) and bio (2000) are the spec's limits. photo_url comes only from an upload. */
const dogFields = {
  name: requiredText(LIMITS.dogName),
  breed: optionalText(LIMITS.dogName),
  breed_slug: z
    .string()
    .max(LIMITS.slug)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Nur Kleinbuchstaben, Ziffern und Bindestriche.')
    .nullable()
    .optional()
    .meta({ description: 'Verweis auf die Rasse im Wiki (/rassen/{slug})', example: 'labrador-retriever' }),
  bio: optionalText(LIMITS.dogBio),
  birth_date: CalendarDate.nullable().optional().meta({ description: 'YYYY-MM-DD, nicht in der Zukunft' }),
  sex: z.enum(['male', 'female']).nullable().optional(),
  neutered: flagInput.nullable().optional(),
  chip_number: z
    .string()
    .trim()
    .max(50)
    .regex(/^[0-9A-Za-z][0-9A-Za-z -]*$/, 'Nur Ziffern, Buchstaben, Leerzeichen und Bindestriche.')
    .nullable()
    .optional()
    .meta({ description: 'Transpondernummer (meist 15 Ziffern)' }),
  weight_kg: z.number().positive().max(150).nullable().optional(),
  color: optionalText(80),
  pet_passport_number: optionalText(40).meta({ description: 'Nummer des EU-Heimtierausweises (für Reisen)' }),
  chip_implanted_on: CalendarDate.nullable().optional().meta({ description: 'Tag, an dem der Chip gesetzt wurde (YYYY-MM-DD)' }),
};

export const CreateDogBody = z.strictObject(dogFields).meta({ id: 'CreateDogBody' });
export type CreateDogBody = z.infer<typeof CreateDogBody>;

export const UpdateDogBody = z.strictObject({ ...dogFields, name: dogFields.name.optional() }).meta({ id: 'UpdateDogBody' });
export type UpdateDogBody = z.infer<typeof UpdateDogBody>;

export const Dog = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    name: z.string(),
    breed: z.string().nullable(),
    breed_slug: z.string().nullable(),
    breed_url: z.string().nullable().meta({ description: 'Seite der Rasse im Wiki, wenn breed_slug gesetzt ist' }),
    bio: z.string().nullable(),
    birth_date: z.string().nullable(),
    sex: z.enum(['male', 'female']).nullable(),
    neutered: flag.nullable(),
    chip_number: z.string().nullable(),
    weight_kg: z.number().nullable(),
    color: z.string().nullable(),
    pet_passport_number: z.string().nullable(),
    chip_implanted_on: z.string().nullable(),
    photo_url: z.string().nullable().meta({ description: 'Pfad unter /media/ (Upload über POST /api/dogs/{dogId}/photo)' }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Dog' });
export type Dog = z.infer<typeof Dog>;
