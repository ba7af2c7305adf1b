// JSON Schema (as the app's OpenAPI 3.1 document has it) → fast-check arbitraries for the fuzz stage: values that
// keep the schema (with its boundaries hit on purpose: min/max lengths and numbers), and hostile values that break
// it (wrong types, null, huge strings, odd Unicode, one past a boundary). Only what the document uses is read.
import fc from 'fast-check';

export type Schema = Record<string, any>;

export interface SchemaDocument {
  components?: { schemas?: Record<string, Schema> };
}

/** The schema behind a `$ref` (the document only points into components/schemas). */
export function resolve(doc: SchemaDocument, schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; i < 10 && typeof s.$ref === 'string'; i++) s = doc.components?.schemas?.[s.$ref.replace('#/components/schemas/', '')] ?? {};
  return s;
}

/** Strings that have broken apps before: direction overrides, combining marks, NUL, lone surrogates, emoji, … */
export const ODD_STRINGS = [
  '\u202Egnp.exe\u202C',
  'مرحبا بالكلب',
  'שלום\u200F',
  'Z\u0335\u0321\u031B\u0327a\u0338l\u0334g\u0336o\u0335',
  'e\u0301\u0301\u0301\u0301',
  'a\u0000b',
  '\u0000',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  '🐕‍🦺👩🏽‍🦰🏳️‍🌈',
  '\uFEFFBOM',
  'zero\u200Bwidth\u2060',
  '𝕳𝖚𝖓𝖉',
  '\r\n\t\u0007\u001B[31m',
  '\u0085\u2028\u2029',
  '\uFFFF\uFFFE',
  "'; DROP TABLE users;--",
  '" OR 1=1 --',
  '../../../etc/passwd',
  '%00%2e%2e%2f',
  '<script>alert(1)</script>',
  '<%= 7*7 %>{{7*7}}${7*7}',
  '   ',
  '',
  'Ä'.repeat(300),
  '🐶'.repeat(5001),
];

/** Values of every JSON type, for "wrong type" and "null where not nullable". */
export const WRONG_TYPES: unknown[] = [null, 0, -1, 1.5, -0, 1e308, 2 ** 53 + 1, true, false, '', '1', 'abc', [], [1, 'a'], {}, { a: { b: [] } }];

export const oddString = fc.constantFrom(...ODD_STRINGS);

/** A huge string: 10 kB to 1 MB of one character or of odd Unicode (the body limit is 20 MB). */
export const hugeString = fc
  .tuple(fc.constantFrom(10_001, 65_536, 1_000_000), fc.constantFrom('x', 'ä', '🐕', '\u0301', 'a\u0000'))
  .map(([n, unit]) => unit.repeat(Math.ceil(n / unit.length)));

function clampLength(s: Schema): { min: number; max: number } {
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = Math.max(min, Math.min(typeof s.maxLength === 'number' ? s.maxLength : 60, 300));
  return { min, max };
}

/** How valid values are made: `plain` ones (short letters, past dates) are what a person would enter, for seeding. */
export interface ValidOptions {
  plain?: boolean;
  /** Ids of existing records, used for properties named `…_id` most of the time. */
  ids?: number[];
}

function stringArb(s: Schema, options: ValidOptions): fc.Arbitrary<string> {
  const { min, max } = clampLength(s);
  // JSON Schema counts code points, zod's max() UTF-16 units: a valid value keeps both.
  const fits = (v: string) => [...v].length >= min && (typeof s.maxLength !== 'number' || v.length <= s.maxLength);
  const until = options.plain ? new Date(Date.now() - 86_400_000) : new Date('2035-12-31');
  switch (s.format) {
    case 'date':
      return fc.date({ min: new Date('2015-01-01'), max: until, noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc.date({ min: new Date('2015-01-01'), max: until, noInvalidDate: true }).map((d) => d.toISOString());
    case 'email':
      return fc.emailAddress().filter(fits);
    case 'uri':
      return fc.webUrl().filter(fits);
  }
  if (typeof s.pattern === 'string') {
    let pattern: RegExp;
    try {
      pattern = new RegExp(s.pattern, 'u');
    } catch {
      // A pattern JavaScript does not read (the document has one with a trailing "/u"): plain letters then.
      return fc.string({ unit: fc.constantFrom(...'abcxyz'), minLength: Math.max(min, 1), maxLength: Math.min(max, 20) });
    }
    // A pattern that takes what a person writes (every name's and title's: no bidi controls) filters the usual
    // strings, so those fields keep getting graphemes and odd Unicode (fast-check cannot build it: it looks ahead).
    if (!pattern.test(WHAT_A_PERSON_WRITES)) return fc.stringMatching(pattern).filter(fits);
    return freeString(min, max, options, fits).filter((v) => pattern.test(v));
  }
  return freeString(min, max, options, fits);
}

const PLAIN_LETTERS = 'abcdefghijklmnopqrstuvwxyzäöü';
/** A narrow pattern (a slug, a colour, a time) refuses this; the names' and titles' rule takes it. */
const WHAT_A_PERSON_WRITES = 'Jürgen & Ænne: 2 Hunde 🐕‍🦺!';

function freeString(min: number, max: number, options: ValidOptions, fits: (v: string) => boolean): fc.Arbitrary<string> {
  if (options.plain)
    return fc.string({
      unit: fc.constantFrom(...PLAIN_LETTERS),
      minLength: Math.max(min, 1),
      maxLength: Math.max(min, 1, Math.min(max, 20)),
    });
  const exact = [min, max].filter((n, i, all) => all.indexOf(n) === i).map((n) => 'ä'.repeat(n));
  return fc.oneof(
    { weight: 6, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 40), unit: 'grapheme' }).filter(fits) },
    { weight: 2, arbitrary: fc.constantFrom(...exact) },
    { weight: 1, arbitrary: oddString.map((v) => [...v].slice(0, max).join('')).filter(fits) },
  );
}

function numberArb(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const lo = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : -1e9;
  const hi = typeof s.maximum === 'number' ? s.maximum : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : 1e9;
  if (integer) {
    const min = Math.ceil(typeof s.exclusiveMinimum === 'number' ? lo + 1 : lo);
    const max = Math.floor(typeof s.exclusiveMaximum === 'number' ? hi - 1 : hi);
    return fc.oneof({ weight: 4, arbitrary: fc.integer({ min, max }) }, { weight: 1, arbitrary: fc.constantFrom(min, max) });
  }
  const double = fc.double({
    min: lo,
    max: hi,
    minExcluded: typeof s.exclusiveMinimum === 'number',
    maxExcluded: typeof s.exclusiveMaximum === 'number',
    noNaN: true,
    noDefaultInfinity: true,
  });
  const edges = [typeof s.exclusiveMinimum === 'number' ? lo + 1e-9 : lo, typeof s.exclusiveMaximum === 'number' ? hi - 1e-9 : hi];
  return fc.oneof({ weight: 4, arbitrary: double.map((n) => (Object.is(n, -0) ? 0 : n)) }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
}

/** Values that keep `schema`. */
export function validArb(doc: SchemaDocument, schema: Schema | undefined, options: ValidOptions = {}, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(doc, schema);
  if (depth > 6) return fc.constant(null);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const alternatives = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((a) => validArb(doc, a, options, depth + 1)));
  if (Array.isArray(s.allOf) && s.allOf.length) return validArb(doc, s.allOf[0], options, depth + 1);
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length > 1) {
    const nonNull = types.filter((t) => t !== 'null');
    const arbs = nonNull.map((t) => validArb(doc, { ...s, type: t }, options, depth));
    if (options.plain && types.includes('null')) return fc.oneof(...arbs);
    return types.includes('null') ? fc.oneof({ weight: 4, arbitrary: fc.oneof(...arbs) }, { weight: 1, arbitrary: fc.constant(null) }) : fc.oneof(...arbs);
  }
  switch (types[0]) {
    case 'string':
      return stringArb(s, options);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = typeof s.minItems === 'number' ? s.minItems : 0;
      const maxLength = Math.max(minLength, Math.min(typeof s.maxItems === 'number' ? s.maxItems : 4, 12));
      if (Array.isArray(s.prefixItems)) return fc.tuple(...(s.prefixItems as Schema[]).map((p) => validArb(doc, p, options, depth + 1)));
      return fc.array(validArb(doc, s.items, options, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const keys = Object.keys(props);
      if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 20 }), fc.integer()), { maxKeys: 3 });
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const k of keys) {
        const value = validArb(doc, props[k], options, depth + 1);
        const ids = k.endsWith('_id') && options.ids?.length ? fc.constantFrom(...options.ids) : undefined;
        record[k] = ids ? fc.oneof({ weight: 3, arbitrary: ids }, { weight: 1, arbitrary: value }) : value;
      }
      return fc.record(record, { requiredKeys: ((s.required ?? []) as string[]).filter((k) => keys.includes(k)) });
    }
    default:
      return fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean());
  }
}

/** One step past a boundary of `schema` (a length or a number ±1), or the boundary itself; undefined when it has none. */
export function pastBoundary(doc: SchemaDocument, schema: Schema | undefined, pick: number): unknown {
  const s = resolve(doc, schema);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  const options: unknown[] = [];
  if (type === 'string') {
    if (typeof s.maxLength === 'number') options.push('b'.repeat(s.maxLength + 1), 'ü'.repeat(s.maxLength), '🐕'.repeat(s.maxLength));
    if (typeof s.minLength === 'number') options.push('c'.repeat(Math.max(0, s.minLength - 1)), 'c'.repeat(s.minLength));
    if (s.format === 'date') options.push('2026-02-30', '2026-13-01', '0000-00-00', '99999-01-01', '2026-1-1', '1970-01-01');
    if (s.format === 'date-time') options.push('2026-02-30T25:61:00Z', '2026-11-21T10:00:00+14:00', '2026-11-21');
    if (s.format === 'email') options.push(`${'a'.repeat(250)}@x.de`, 'a@b', '@x.de', 'a@@x.de');
    if (Array.isArray(s.enum)) options.push(String(s.enum[0]).toUpperCase(), `${String(s.enum[0])} `);
  }
  if (type === 'integer' || type === 'number') {
    for (const key of ['minimum', 'exclusiveMinimum'] as const) if (typeof s[key] === 'number') options.push(s[key] - 1, s[key], s[key] - 0.5);
    for (const key of ['maximum', 'exclusiveMaximum'] as const) if (typeof s[key] === 'number') options.push(s[key] + 1, s[key], s[key] + 0.5);
    options.push(2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e300);
  }
  if (type === 'array') {
    if (typeof s.maxItems === 'number') options.push(Array.from({ length: s.maxItems + 1 }, () => 'x'));
    options.push(Array.from({ length: 1000 }, (_, i) => i));
  }
  if (options.length === 0) return undefined;
  return options[pick % options.length];
}
