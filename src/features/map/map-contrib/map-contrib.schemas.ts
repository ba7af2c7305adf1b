import { z } from 'zod';
import { PageQuery, pageSchema } from '#core/http/route/pagination.js';
import { LIMITS, optionalText } from '#core/http/route/schema-kit.js';
import { WELCOME_KINDS } from '../map-layers/index.js';

export const ContributeBody = z
  .strictObject({
    // A relation is a real element type, just not one offered (the spec: node or way): 422 in the service.
    osm_type: z.enum(['node', 'way', 'relation'], { error: 'osm_type ist node, way oder relation.' }),
    osm_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    // What the map showed. Used only while OpenStreetMap cannot be asked: the tap is then stored with these, and the
    // 03:40 job reads the venue and keeps or rejects it. When OpenStreetMap answers, its data wins.
    venue_kind: z
      .enum(WELCOME_KINDS)
      .optional()
      .meta({ description: 'Die Art des Orts laut Karte (welcome_kind); nötig, damit eine Meldung auch ohne OpenStreetMap gespeichert wird' }),
    venue_name: optionalText(LIMITS.title).meta({ description: 'Der Name laut Karte' }),
  })
  .meta({ id: 'ContributeDogWelcomeBody' });

export const Contribution = z
  .object({
    id: z.number().int(),
    osm_type: z.enum(['node', 'way']),
    osm_id: z.number().int(),
    venue_kind: z.enum(WELCOME_KINDS),
    venue_name: z.string().nullable(),
    status: z.enum(['pending', 'confirmed', 'rejected']),
    reason: z.string().nullable().meta({ description: 'already_tagged, reverted, deleted, refused oder not_offered bei rejected' }),
    venue_checked: z.boolean().meta({
      description:
        'false: beim Melden war OpenStreetMap nicht erreichbar; der Ort wird nachts nachgelesen (keine Art mit „Hunde willkommen“ → rejected/not_offered)',
    }),
    uploaded_at: z.string().nullable(),
    confirmable_from: z.string().nullable().meta({ description: 'Ab wann die Prüfung nach 7 Tagen läuft' }),
    created_at: z.string(),
  })
  .meta({ id: 'MapContribution' });
export type Contribution = z.infer<typeof Contribution>;

/** The tap's answer: the contribution, and a German notice when it waits for OpenStreetMap to be read. */
export const ContributionAnswer = Contribution.extend({
  notice: z.string().optional().meta({ description: 'Ein Hinweis für dich, z. B. dass der Ort später geprüft wird' }),
}).meta({ id: 'MapContributionAnswer' });
export type ContributionAnswer = z.infer<typeof ContributionAnswer>;

export const ContributionsQuery = PageQuery;
export const ContributionsPage = pageSchema(Contribution)
  .extend({
    confirmed_count: z.number().int(),
    counts: z.object({ pending: z.number().int(), confirmed: z.number().int(), rejected: z.number().int() }),
    per_grant: z.number().int().meta({ description: 'Bestätigte Beiträge je geschenktem Pro-Jahr' }),
    to_next_grant: z.number().int().meta({ description: 'Wie viele bestätigte noch bis zum nächsten Pro-Jahr fehlen' }),
    pro_until: z.string().nullable().meta({ description: 'Bis wann geschenktes Pro läuft, sonst null' }),
  })
  .meta({ id: 'MapContributions' });
