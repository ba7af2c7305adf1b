import { z } from 'zod';

/** A dose still due today (area `doses`): what the dashboard's tick needs and the count it shows. */
export const DueDose = z
  .object({
    medication_id: z.number().int().meta({ description: 'Abhaken mit POST /api/medications/{medicationId}/doses' }),
    medication_name: z.string(),
    dog_name: z.string(),
    unit: z.string().nullable().meta({ description: 'Einheit des Vorrats (z. B. Tabletten)' }),
    left: z.number().int().meta({ description: 'Gaben, die heute noch fällig sind' }),
  })
  .meta({ id: 'DueDose', description: 'Nur bei Gaben (area doses): was das Abhaken auf dem Dashboard braucht' });

/** Something due soon (a vaccination, claws to cut …), from whichever area knows about it. */
export const DueSoonItem = z
  .object({
    area: z.string().meta({ example: 'health' }),
    title: z.string().meta({ example: 'Tollwut-Impfung auffrischen' }),
    due_date: z.string().meta({ description: 'YYYY-MM-DD' }),
    dog_id: z.number().int().nullable(),
    url: z.string().nullable(),
    overdue: z.boolean().meta({ description: 'Das Datum ist schon vorbei (steht dann vorn)' }),
    dose: DueDose.optional(),
  })
  .meta({ id: 'DueSoonItem' });
export type DueSoonItem = z.infer<typeof DueSoonItem>;
/** What an area delivers; the dashboard decides `overdue` from the date. */
export type DueSoonEntry = Omit<DueSoonItem, 'overdue'>;

/** The dashboard's own part of each dog; areas add their fields beside these (e.g. the diary's daily_photo). */
export const dashboardDogFields = {
  id: z.number().int(),
  name: z.string(),
  photo_url: z.string().nullable(),
};
export type DashboardDog = z.infer<z.ZodObject<typeof dashboardDogFields>>;

/** The answer of GET /api/welcome-dashboard: the fixed frame, the cards of the registered areas in their order. */
export function welcomeDashboardSchema(dogFields: z.ZodRawShape, cards: z.ZodRawShape) {
  return z
    .object({
      today: z.string().meta({ description: 'Der heutige Tag (Europe/Berlin), YYYY-MM-DD' }),
      dogs: z.array(z.object({ ...dashboardDogFields, ...dogFields })),
      ...cards,
      due_soon: z.array(DueSoonItem).meta({ description: 'Was bald fällig ist (Gesundheit, Pflege …), sobald diese Bereiche Termine liefern' }),
      unread_notifications: z.number().int(),
    })
    .meta({ id: 'WelcomeDashboard' });
}

export interface WelcomeDashboard {
  today: string;
  dogs: (DashboardDog & Record<string, unknown>)[];
  due_soon: DueSoonItem[];
  unread_notifications: number;
  /** The areas' cards (on_this_day, recent_entries, …). */
  [card: string]: unknown;
}
