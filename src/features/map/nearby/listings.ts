import { z } from 'zod';
import type { AppContext } from '#core/context.js';
import { geoItemOf, type GeoKind } from '#core/geo-items/index.js';
import { Position } from '#core/geo/index.js';
import { badRequest } from '#core/http/route/errors.js';
import { CalendarDate, LIMITS, optionalText, patchOf, requiredText } from '#core/http/route/schema-kit.js';

/** The geo kinds that are a schema and a rule or two: adoption listings, events, sitting, services. */

const IsoInstant = z.iso.datetime({ offset: true });
const nullable = <T extends z.ZodType>(t: T) => t.nullable();

function notBefore(r: Record<string, unknown>, early: string, late: string, message: string): void {
  const a = r[early];
  const b = r[late];
  if (typeof a === 'string' && typeof b === 'string' && Date.parse(b) < Date.parse(a)) throw badRequest(message, { [late]: message });
}

function notPast(ctx: AppContext, r: Record<string, unknown>, field: string, message: string): void {
  const v = r[field];
  if (typeof v === 'string' && Date.parse(v) < ctx.clock.now().getTime()) throw badRequest(message, { [field]: message });
}

const AdoptionFields = z.strictObject({
  ...Position.shape,
  title: requiredText(LIMITS.title),
  description: requiredText(LIMITS.body),
  breed: optionalText(LIMITS.dogName),
  birth_date: CalendarDate.nullable().optional(),
  sex: z.enum(['male', 'female']).nullable().optional(),
  contact: optionalText(LIMITS.title),
  status: z.enum(['open', 'adopted']).optional(),
});
export const adoptions: GeoKind = {
  path: 'adoptions',
  appPath: 'vermittlung',
  table: 'adoptions',
  tag: 'Vermittlung',
  names: { one: 'Vermittlungsanzeige', many: 'Vermittlungsanzeigen' },
  ...geoItemOf('Adoption', {
    title: z.string(),
    description: z.string(),
    breed: z.string().nullable(),
    birth_date: z.string().nullable(),
    sex: z.string().nullable(),
    contact: z.string().nullable(),
    status: z.enum(['open', 'adopted']),
  }),
  createBody: AdoptionFields.omit({ status: true }).meta({ id: 'CreateAdoptionBody' }),
  patchBody: patchOf(AdoptionFields, 'UpdateAdoptionBody'),
  wording: { missing: 'Diese Anzeige gibt es nicht.', foreign: 'Diese Anzeige gehört jemand anderem.' },
  hidden: { column: 'status', values: ['adopted'] },
  initial: () => ({ status: 'open' }),
};

const EventFields = z.strictObject({
  ...Position.shape,
  title: requiredText(LIMITS.title),
  description: optionalText(LIMITS.body),
  starts_at: IsoInstant,
  ends_at: nullable(IsoInstant).optional(),
  place_name: optionalText(LIMITS.title),
});
export const events: GeoKind = {
  path: 'events',
  appPath: 'veranstaltungen',
  table: 'events',
  tag: 'Veranstaltungen',
  names: { one: 'Veranstaltung', many: 'Veranstaltungen' },
  ...geoItemOf('Event', {
    title: z.string(),
    description: z.string().nullable(),
    starts_at: z.string(),
    ends_at: z.string().nullable(),
    place_name: z.string().nullable(),
  }),
  createBody: EventFields.meta({ id: 'CreateEventBody' }),
  patchBody: patchOf(EventFields, 'UpdateEventBody'),
  wording: { missing: 'Diese Veranstaltung gibt es nicht.', foreign: 'Diese Veranstaltung gehört jemand anderem.' },
  check(ctx, _actor, r) {
    notBefore(r, 'starts_at', 'ends_at', 'Das Ende liegt vor dem Beginn.');
  },
};

const SittingFields = z.strictObject({
  ...Position.shape,
  type: z.enum(['offer', 'request']).meta({ description: 'offer (ich passe auf) oder request (ich suche jemanden)' }),
  description: requiredText(LIMITS.body),
  available_from: CalendarDate.nullable().optional(),
  available_until: CalendarDate.nullable().optional(),
  price_note: optionalText(LIMITS.title),
});
export const sitting: GeoKind = {
  path: 'sitting',
  appPath: 'betreuung',
  table: 'sitting',
  tag: 'Hundebetreuung',
  names: { one: 'Betreuungsangebot', many: 'Betreuungsangebote und -gesuche' },
  ...geoItemOf('Sitting', {
    type: z.enum(['offer', 'request']),
    description: z.string(),
    available_from: z.string().nullable(),
    available_until: z.string().nullable(),
    price_note: z.string().nullable(),
  }),
  createBody: SittingFields.meta({ id: 'CreateSittingBody' }),
  patchBody: patchOf(SittingFields, 'UpdateSittingBody'),
  wording: { missing: 'Diese Anzeige gibt es nicht.', foreign: 'Diese Anzeige gehört jemand anderem.' },
  check(_ctx, _actor, r) {
    notBefore(r, 'available_from', 'available_until', 'Das Ende liegt vor dem Beginn.');
  },
};

export const SERVICE_CATEGORIES = ['tierarzt', 'tierklinik', 'hundesalon', 'hundeschule', 'hundepension', 'tierbedarf', 'physiotherapie', 'sonstiges'] as const;
const ServiceFields = z.strictObject({
  ...Position.shape,
  name: requiredText(LIMITS.title),
  category: z.enum(SERVICE_CATEGORIES),
  description: optionalText(LIMITS.body),
  address: optionalText(300),
  phone: optionalText(50),
  url: z
    .url({ protocol: /^https?$/ })
    .max(LIMITS.url)
    .nullable()
    .optional(),
  opening_hours: optionalText(500).meta({ description: 'Öffnungszeiten, z. B. „Mo–Fr 9–18 Uhr“' }),
});
export const services: GeoKind = {
  path: 'services',
  appPath: 'dienstleister',
  table: 'services',
  tag: 'Dienstleister',
  names: { one: 'Dienstleister', many: 'Dienstleister' },
  ...geoItemOf('Service', {
    name: z.string(),
    category: z.enum(SERVICE_CATEGORIES),
    description: z.string().nullable(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    url: z.string().nullable(),
    opening_hours: z.string().nullable(),
  }),
  createBody: ServiceFields.meta({ id: 'CreateServiceBody' }),
  patchBody: patchOf(ServiceFields, 'UpdateServiceBody'),
  wording: { missing: 'Diesen Eintrag gibt es nicht.', foreign: 'Diesen Eintrag hat jemand anderes angelegt.' },
};

export { notPast };
