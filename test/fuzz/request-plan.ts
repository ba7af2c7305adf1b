// The requests of the fuzz stage, generated per operation of the API document from its own request schema: path
// parameters (known ids, boundary numbers, garbage), query parameters and a JSON or multipart body, each either
// valid or broken in one chosen way. A plan is plain data, so a failing one can be printed and sent again.
import fc from 'fast-check';
import { hugeString, oddString, pastBoundary, resolve, validArb, WRONG_TYPES, type Schema, type SchemaDocument } from './schema-arbitrary.js';

export interface FuzzDocument extends SchemaDocument {
  paths: Record<string, Record<string, any>>;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  method: string;
  template: string;
  parameters: Parameter[];
  body?: { type: 'json' | 'multipart'; schema: Schema; required: boolean };
}

export type PlannedBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string; text: string }
  | { kind: 'multipart'; fields: [string, string][]; files: { field: string; bytes: Buffer; filename: string; contentType: string }[] };

export interface PlannedRequest {
  method: string;
  /** Path and query, encoded as sent. */
  url: string;
  /** Which broken input this request carries ('valid' when none). */
  mode: string;
  body?: PlannedBody;
}

/** Values a path parameter may take beside generated ones: ids of seeded records, names the app knows. */
export interface ValuePools {
  ids: number[];
  strings: Record<string, string[]>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(doc: FuzzDocument): Operation[] {
  const out: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = ((op.parameters ?? []) as Parameter[]).filter((p) => p.in === 'path' || p.in === 'query');
      const content = op.requestBody?.content ?? {};
      const type = content['application/json'] ? 'json' : content['multipart/form-data'] ? 'multipart' : undefined;
      const body = type
        ? { type, schema: content[type === 'json' ? 'application/json' : 'multipart/form-data'].schema as Schema, required: !!op.requestBody.required }
        : undefined;
      out.push({ method: method.toUpperCase(), template, parameters, ...(body ? { body: body as Operation['body'] } : {}) });
    }
  }
  return out;
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) goes out as invalid UTF-8 on purpose. */
export function encodeSegment(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...s].map((ch) => (/[\uD800-\uDFFF]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
  }
}

const RAW_SEGMENTS = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '1.5',
  '1e3',
  '0x10',
  '%20',
  'abc',
  '%00',
  '..',
  '%2e%2e',
  '%ED%A0%80',
  '%',
  '9'.repeat(400),
  'null',
  'undefined',
];

function pathValueArb(doc: SchemaDocument, p: Parameter, pools: ValuePools): fc.Arbitrary<string> {
  const s = resolve(doc, p.schema);
  const known = p.name.toLowerCase().endsWith('id') || s.type === 'integer' ? pools.ids.map(String) : (pools.strings[p.name] ?? []);
  const arbs: { weight: number; arbitrary: fc.Arbitrary<string> }[] = [
    { weight: 2, arbitrary: validArb(doc, s).map((v) => encodeSegment(String(v))) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    // Capped: a request line over Node's 16 KB header limit is refused by the HTTP parser, before the app.
    { weight: 1, arbitrary: oddString.filter(Boolean).map((v) => encodeSegment(v.slice(0, 600))) },
  ];
  if (known.length) arbs.push({ weight: 8, arbitrary: fc.constantFrom(...known).map(encodeSegment) });
  return fc.oneof(...arbs);
}

function queryText(v: unknown): string {
  return typeof v === 'string' ? v : v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

const QUERY_MODES = ['valid', 'valid', 'valid', 'hostile', 'boundary', 'missing', 'repeated'] as const;

function queryArb(doc: SchemaDocument, params: Parameter[], pools: ValuePools): fc.Arbitrary<{ query: string; mode: string }> {
  const query = params.filter((p) => p.in === 'query');
  if (query.length === 0) return fc.constant({ query: '', mode: 'valid' });
  const values: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of query) {
    const own = p.name.endsWith('_id') && pools.ids.length ? [{ weight: 3, arbitrary: fc.constantFrom(...pools.ids) as fc.Arbitrary<unknown> }] : [];
    values[p.name] = fc.oneof({ weight: 3, arbitrary: validArb(doc, p.schema) }, ...own);
  }
  return fc
    .record({
      values: fc.record(values),
      include: fc.array(fc.boolean(), { minLength: query.length, maxLength: query.length }),
      mode: fc.constantFrom(...QUERY_MODES),
      pick: fc.nat(),
      hostile: fc.oneof(
        oddString.map((s) => s.slice(0, 600)),
        hugeString.map((s) => s.slice(0, 600)),
        fc.constantFrom('abc', '-1', '1e999', 'NaN', 'Infinity', '', '[]', '{}', '0x1F', ' 1'),
      ),
    })
    .map(({ values: v, include, mode, pick, hostile }) => {
      const target = query[pick % query.length]!;
      const parts: string[] = [];
      query.forEach((p, i) => {
        if (!p.required && !include[i] && p !== target) return;
        if (mode === 'missing' && p === target) return;
        let value: unknown = v[p.name];
        if (mode === 'hostile' && p === target) value = hostile;
        if (mode === 'boundary' && p === target) value = pastBoundary(doc, p.schema, pick) ?? hostile;
        if (typeof value === 'string') value = value.slice(0, 600);
        const key = encodeSegment(p.name);
        if (Array.isArray(value) || (mode === 'repeated' && p === target)) {
          const list = Array.isArray(value) ? value : [value, hostile];
          for (const item of list) parts.push(`${key}=${encodeSegment(queryText(item))}`);
        } else parts.push(`${key}=${encodeSegment(queryText(value))}`);
      });
      return { query: parts.length ? `?${parts.join('&')}` : '', mode: `query:${mode}` };
    });
}

const JSON_MODES = [
  'valid',
  'valid',
  'valid',
  'boundary',
  'boundary',
  'wrongType',
  'null',
  'extra',
  'missing',
  'huge',
  'unicode',
  'wholeBody',
  'rawInvalid',
  'noBody',
  'wrongContentType',
] as const;
const EXTRA_KEYS = ['__proto__', 'constructor', 'id', 'user_id', 'rolle', 'subscription_tier', 'is_admin', 'owner_id', 'dog_id', 'zzz'];
const WHOLE_BODIES: unknown[] = [null, [], [{}], 'text', 42, true, {}];
const RAW_BODIES = ['{"a":', '{"a":1}}', "{'a':1}", '\u0000', '{"a":"\\ud800"}', '[', 'null', '{"__proto__":{"polluted":1}}', '{"a":1,"a":2}', '\uFEFF{}'];

function stringKeys(value: Record<string, unknown>): string[] {
  return Object.keys(value).filter((k) => typeof value[k] === 'string');
}

function jsonBodyArb(doc: SchemaDocument, schema: Schema, ids: number[]): fc.Arbitrary<{ body?: PlannedBody; mode: string }> {
  const s = resolve(doc, schema);
  const props = (s.properties ?? {}) as Record<string, Schema>;
  const keys = Object.keys(props);
  const required = (s.required ?? []) as string[];
  return fc
    .record({
      valid: validArb(doc, s, { ids }),
      mode: fc.constantFrom(...JSON_MODES),
      pick: fc.nat(),
      wrong: fc.constantFrom(...WRONG_TYPES),
      odd: oddString,
      huge: hugeString,
      extraKey: fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ minLength: 1, maxLength: 12 })),
      whole: fc.constantFrom(...WHOLE_BODIES),
      raw: fc.constantFrom(...RAW_BODIES),
    })
    .map(({ valid, mode, pick, wrong, odd, huge, extraKey, whole, raw }): { body?: PlannedBody; mode: string } => {
      const value = valid && typeof valid === 'object' && !Array.isArray(valid) ? { ...(valid as Record<string, unknown>) } : valid;
      const obj = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
      const key = keys.length ? keys[pick % keys.length]! : undefined;
      const json = (v: unknown, m: string = mode) => ({ body: { kind: 'json' as const, value: v }, mode: `body:${m}` });
      switch (mode) {
        case 'boundary': {
          if (!obj || !key) return json(value, 'valid');
          const edge = pastBoundary(doc, props[key], pick >> 3);
          return edge === undefined ? json(value, 'valid') : json({ ...obj, [key]: edge }, `boundary(${key})`);
        }
        case 'wrongType':
        case 'null':
          return obj && key ? json({ ...obj, [key]: mode === 'null' ? null : wrong }, `${mode}(${key})`) : json(mode === 'null' ? null : wrong);
        case 'extra':
          return obj ? json({ ...obj, [extraKey]: wrong ?? odd }, 'extra') : json(value, 'valid');
        case 'missing': {
          if (!obj || required.length === 0) return json({}, 'missing(all)');
          const { [required[pick % required.length]!]: _dropped, ...rest } = obj;
          return json(rest, 'missing');
        }
        case 'huge':
        case 'unicode': {
          const strings = obj ? stringKeys(obj) : [];
          const target = strings.length ? strings[pick % strings.length]! : key;
          return obj && target ? json({ ...obj, [target]: mode === 'huge' ? huge : odd }, `${mode}(${target})`) : json(mode === 'huge' ? huge : odd);
        }
        case 'wholeBody':
          return json(whole);
        case 'rawInvalid':
          return { body: { kind: 'raw', contentType: 'application/json', text: raw }, mode: 'body:rawInvalid' };
        case 'noBody':
          return { mode: 'body:none' };
        case 'wrongContentType':
          return {
            body: { kind: 'raw', contentType: pick % 2 ? 'text/plain' : 'application/x-www-form-urlencoded', text: 'a=1' },
            mode: 'body:wrongContentType',
          };
        default:
          return json(value, 'valid');
      }
    });
}

/** A 1×1 PNG: the smallest image every upload route takes. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const MULTIPART_MODES = ['image', 'image', 'garbage', 'truncatedImage', 'empty', 'noFile', 'wrongField', 'json', 'broken', 'fieldsHostile'] as const;

function multipartBodyArb(doc: SchemaDocument, schema: Schema): fc.Arbitrary<{ body?: PlannedBody; mode: string }> {
  const s = resolve(doc, schema);
  const props = (s.properties ?? {}) as Record<string, Schema>;
  const fileField =
    Object.keys(props).find((k) => {
      const p = resolve(doc, props[k]);
      return p.format === 'binary' || resolve(doc, p.items).format === 'binary';
    }) ?? 'file';
  const textFields = Object.keys(props).filter((k) => k !== fileField);
  const fieldArbs: Record<string, fc.Arbitrary<unknown>> = {};
  for (const k of textFields) fieldArbs[k] = validArb(doc, props[k]);
  return fc
    .record({
      mode: fc.constantFrom(...MULTIPART_MODES),
      fields: fc.record(fieldArbs),
      garbage: fc.uint8Array({ minLength: 1, maxLength: 4096 }),
      odd: oddString,
      name: fc.constantFrom('foto.jpg', 'a.png', 'x.pdf', '../../evil.sh', 'ünïcødé 🐕.jpeg', '', 'a'.repeat(300) + '.png', 'noext'),
      type: fc.constantFrom('image/jpeg', 'image/png', 'application/pdf', 'text/html', 'application/octet-stream', 'image/svg+xml'),
    })
    .map(({ mode, fields, garbage, odd, name, type }): { body?: PlannedBody; mode: string } => {
      const textParts = Object.entries(fields).map(([k, v]): [string, string] => [k, mode === 'fieldsHostile' ? odd : queryText(v)]);
      const file = (bytes: Buffer, filename = name, contentType = type) => ({ field: fileField, bytes, filename: filename || 'f', contentType });
      const multipart = (files: ReturnType<typeof file>[]): { body: PlannedBody; mode: string } => ({
        body: { kind: 'multipart', fields: textParts, files },
        mode: `upload:${mode}`,
      });
      switch (mode) {
        case 'image':
        case 'fieldsHostile':
          return multipart([file(TINY_PNG, 'pfote.png', 'image/png')]);
        case 'garbage':
          return multipart([file(Buffer.from(garbage))]);
        case 'truncatedImage':
          return multipart([file(TINY_PNG.subarray(0, 30), 'kaputt.png', 'image/png')]);
        case 'empty':
          return multipart([file(Buffer.alloc(0))]);
        case 'noFile':
          return multipart([]);
        case 'wrongField':
          return multipart([{ ...file(TINY_PNG, 'pfote.png', 'image/png'), field: 'not_' + fileField }]);
        case 'json':
          return { body: { kind: 'json', value: Object.fromEntries(textParts) }, mode: 'upload:json' };
        default:
          return {
            body: {
              kind: 'raw',
              contentType: 'multipart/form-data; boundary=XYZ',
              text: `--XYZ\r\nContent-Disposition: form-data; name="${fileField}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG`,
            },
            mode: 'upload:broken',
          };
      }
    });
}

/** Requests for one operation: `pools` are the values a path parameter is likely to hit something with. */
export function requestArb(doc: FuzzDocument, op: Operation, pools: ValuePools): fc.Arbitrary<PlannedRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const pathArbs: Record<string, fc.Arbitrary<string>> = {};
  for (const p of pathParams) pathArbs[p.name] = pathValueArb(doc, p, pools);
  const bodyArb = op.body
    ? op.body.type === 'json'
      ? jsonBodyArb(doc, op.body.schema, pools.ids)
      : multipartBodyArb(doc, op.body.schema)
    : fc.constant({ mode: 'valid' } as { body?: PlannedBody; mode: string });
  return fc.record({ path: fc.record(pathArbs), query: queryArb(doc, op.parameters, pools), body: bodyArb }).map(({ path, query, body }) => {
    const filled = op.template.replace(/\{([^}]+)\}/g, (_, name: string) => path[name] ?? 'x');
    const modes = [query.mode, body.mode].filter((m) => m !== 'valid' && m !== 'query:valid' && m !== 'body:valid');
    return { method: op.method, url: filled + query.query, mode: modes.join(' ') || 'valid', ...(body.body ? { body: body.body } : {}) };
  });
}
