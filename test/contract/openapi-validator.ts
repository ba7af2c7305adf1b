// Checks an HTTP answer against the app's own OpenAPI document (GET /api/openapi.json): the operation its method and
// path belong to, a declared status code, a declared content type, and for JSON the body against the schema.
// Used by the API suite's response hook (test/contract/response-hook.ts) and by the fuzz stage.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/** The parts of an OpenAPI 3.x document the validator reads. */
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> };
}

interface MediaType {
  schema?: unknown;
}
interface ResponseObject {
  description?: string;
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId?: string;
  responses?: Record<string, ResponseObject>;
}

/** One answer as the client saw it. `body` is the parsed JSON (or the raw text/bytes, which are not read). */
export interface ResponseToCheck {
  method: string;
  /** The request's path; a query string is ignored. */
  path: string;
  status: number;
  /** The Content-Type header as sent, parameters included (`application/json; charset=utf-8`). */
  contentType?: string | null;
  /** True when the answer had a body (bytes on the wire, before any Content-Encoding). */
  hasBody?: boolean;
  body?: unknown;
}

/** The operation a method and path belong to. */
export interface MatchedOperation {
  method: string;
  template: string;
  operationId: string;
  params: Record<string, string>;
}

export interface ResponseValidator {
  /** Problems found, as readable lines; empty when the answer matches the document. */
  validate(response: ResponseToCheck): string[];
  /** The documented operation for a method and concrete path, if any. */
  match(method: string, path: string): MatchedOperation | undefined;
  /** How many operations the document has, per `METHOD template`. */
  operations(): string[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const SCHEMAS_PREFIX = '#/components/schemas/';
const COMPONENTS_ID = 'openapi-components';
/** OpenAPI's own annotations beside JSON Schema: known to ajv, checked by nothing. */
const OPENAPI_KEYWORDS = ['example', 'discriminator', 'xml', 'externalDocs'];
/** Keywords whose values are data, not schemas: left as they are. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'enum', 'const', 'default']);

interface CompiledPath {
  template: string;
  /** null for a `{param}` segment. */
  segments: (string | null)[];
  names: string[];
  methods: Record<string, Operation>;
}

/** `application/json; charset=utf-8` → `application/json`. */
function mediaTypeOf(contentType: string | null | undefined): string | undefined {
  const type = contentType?.split(';')[0]?.trim().toLowerCase();
  return type || undefined;
}

function isJsonType(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}

/** A declared content type (maybe `image/*` or `*\/*`) that covers the actual one. */
function declaredTypeFor(declared: string[], actual: string): string | undefined {
  return declared.find((d) => {
    const t = d.toLowerCase();
    if (t === actual || t === '*/*') return true;
    return t.endsWith('/*') && actual.startsWith(t.slice(0, -1));
  });
}

/**
 * OpenAPI 3.0's dialect turned into JSON Schema 2020-12 (3.1 documents are JSON Schema already): `nullable`,
 * boolean `exclusiveMinimum`/`exclusiveMaximum`. Refs to components point into the one components schema.
 */
function toJsonSchema(node: unknown, v30: boolean, closed = false, branchOfAllOf = false): unknown {
  if (Array.isArray(node)) return node.map((n) => toJsonSchema(n, v30, closed));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMAS_PREFIX)) {
      out.$ref = `${COMPONENTS_ID}#/$defs/${value.slice(SCHEMAS_PREFIX.length)}`;
    } else if (key === 'properties' || key === '$defs' || key === 'patternProperties') {
      // Keys here are names, not keywords: only their values are schemas.
      out[key] = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, toJsonSchema(v, v30, closed)]));
    } else if (key === 'allOf' && Array.isArray(value)) {
      out[key] = value.map((v) => toJsonSchema(v, v30, closed, true));
    } else if (DATA_KEYWORDS.has(key)) {
      out[key] = value; // values, not schemas
    } else {
      out[key] = toJsonSchema(value, v30, closed);
    }
  }
  // Closed objects: a field the document does not name is a mismatch. The check sits where the object is whole: on
  // an allOf (its branches see only their own part) and beside a $ref, never inside a component (another schema may
  // extend it).
  const object = 'properties' in out || 'allOf' in out || '$ref' in out;
  if (closed && object && !branchOfAllOf && !('additionalProperties' in out) && !('unevaluatedProperties' in out)) out.unevaluatedProperties = false;
  if (!v30) return out;
  if (out.exclusiveMinimum === true) {
    out.exclusiveMinimum = out.minimum;
    delete out.minimum;
  } else if (out.exclusiveMinimum === false) delete out.exclusiveMinimum;
  if (out.exclusiveMaximum === true) {
    out.exclusiveMaximum = out.maximum;
    delete out.maximum;
  } else if (out.exclusiveMaximum === false) delete out.exclusiveMaximum;
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') {
      out.type = [out.type, 'null'];
      if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null];
    } else return { anyOf: [out, { type: 'null' }] };
  } else delete out.nullable;
  return out;
}

function compilePaths(document: OpenApiDocument): CompiledPath[] {
  return Object.entries(document.paths).map(([template, item]) => {
    const segments = template
      .split('/')
      .filter(Boolean)
      .map((s) => (/^\{[^}]+\}$/.test(s) ? null : s));
    const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    const methods: Record<string, Operation> = {};
    for (const m of METHODS) if (item[m]) methods[m] = item[m] as Operation;
    return { template, segments, names, methods };
  });
}

/** Literal segments win over `{param}` ones, left to right (`/api/dogs/mine` before `/api/dogs/{dogId}`). */
function moreSpecific(a: CompiledPath, b: CompiledPath): number {
  for (let i = 0; i < a.segments.length; i++) {
    const la = a.segments[i] !== null;
    const lb = b.segments[i] !== null;
    if (la !== lb) return la ? -1 : 1;
  }
  return 0;
}

/** A path segment decoded; a malformed escape (`%ED%A0%80`, a lone `%`) stays as sent: the app answers it 400. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function describeErrors(validate: ValidateFunction, limit = 5): string[] {
  const errors = validate.errors ?? [];
  const lines = errors.slice(0, limit).map((e) => {
    const params = e.params as { additionalProperty?: string; unevaluatedProperty?: string };
    const name = params.additionalProperty ?? params.unevaluatedProperty;
    const extra = name === undefined ? '' : ` (${name})`;
    return `body${e.instancePath || ''} ${e.message ?? e.keyword}${extra}`;
  });
  if (errors.length > limit) lines.push(`… and ${errors.length - limit} more`);
  return lines;
}

export interface ValidatorOptions {
  /** Refuse fields the document does not name (default true): a field added or renamed without the document is drift. */
  closedObjects?: boolean;
}

export function createResponseValidator(document: OpenApiDocument, options: ValidatorOptions = {}): ResponseValidator {
  const closed = options.closedObjects ?? true;
  if (!/^3\.[01]\./.test(document.openapi)) throw new Error(`openapi-validator: OpenAPI ${document.openapi} is not supported (3.0 or 3.1)`);
  const v30 = document.openapi.startsWith('3.0');
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictTuples: false, validateFormats: true });
  // ajv-formats is CommonJS: its default export arrives as the module object under NodeNext.
  const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => unknown;
  addFormats(ajv);
  // Only file parts (multipart, downloads) carry it; nothing JSON is "binary".
  ajv.addFormat('binary', true);
  ajv.addVocabulary(OPENAPI_KEYWORDS);
  const components = Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => [name, toJsonSchema(schema, v30, closed, true)]);
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: Object.fromEntries(components) });

  const paths = compilePaths(document);
  const byLength = new Map<number, CompiledPath[]>();
  for (const p of paths) {
    const list = byLength.get(p.segments.length) ?? [];
    list.push(p);
    byLength.set(p.segments.length, list);
  }
  for (const list of byLength.values()) list.sort(moreSpecific);
  // By the schema's text: the many answers that are `{ $ref: Error }` share one compiled function (~1 ms each).
  const compiled = new Map<string, ValidateFunction>();

  function validatorFor(schema: unknown): ValidateFunction {
    const key = JSON.stringify(schema);
    let fn = compiled.get(key);
    if (!fn) {
      fn = ajv.compile(toJsonSchema(schema, v30, closed) as object);
      compiled.set(key, fn);
    }
    return fn;
  }

  function findPath(method: string, path: string): { compiled: CompiledPath; params: Record<string, string> } | undefined {
    const clean = path.split('?')[0]!.split('#')[0]!;
    const parts = clean.split('/').filter(Boolean);
    const m = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    for (const candidate of byLength.get(parts.length) ?? []) {
      if (!candidate.methods[m]) continue;
      // Express matches paths case-insensitively; the document's literals are lower-case anyway.
      if (!candidate.segments.every((s, i) => s === null || s.toLowerCase() === parts[i]!.toLowerCase())) continue;
      const params: Record<string, string> = {};
      let n = 0;
      candidate.segments.forEach((s, i) => {
        if (s === null) params[candidate.names[n++]!] = safeDecode(parts[i]!);
      });
      return { compiled: candidate, params };
    }
    return undefined;
  }

  function match(method: string, path: string): MatchedOperation | undefined {
    const found = findPath(method, path);
    if (!found) return undefined;
    const m = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    const op = found.compiled.methods[m]!;
    return { method: m, template: found.compiled.template, operationId: op.operationId ?? `${m} ${found.compiled.template}`, params: found.params };
  }

  function validate(r: ResponseToCheck): string[] {
    const method = r.method.toUpperCase();
    const found = findPath(method, r.path);
    if (!found) return [`${method} ${r.path}: no operation in the API document`];
    const op = found.compiled.methods[method === 'HEAD' ? 'get' : method.toLowerCase()]!;
    const where = `${method} ${found.compiled.template} → ${r.status}`;
    const responses = op.responses ?? {};
    const declared = responses[String(r.status)] ?? responses[`${String(r.status).charAt(0)}XX`] ?? responses.default;
    if (!declared) return [`${where}: status not declared (declared: ${Object.keys(responses).join(', ')})`];
    // Answers without a body by definition: nothing more to compare.
    if (method === 'HEAD' || r.status === 204 || r.status === 304) return [];
    const type = mediaTypeOf(r.contentType);
    const content = declared.content ?? {};
    const declaredTypes = Object.keys(content);
    if (declaredTypes.length === 0) {
      // A redirect's short courtesy text is not part of the contract; any other undocumented body is.
      if (r.status >= 300 && r.status < 400) return [];
      return r.hasBody ? [`${where}: a body (${type ?? 'no Content-Type'}) where the document declares none`] : [];
    }
    if (!type) return r.hasBody === false ? [`${where}: no body, the document declares ${declaredTypes.join(', ')}`] : [`${where}: no Content-Type`];
    const declaredType = declaredTypeFor(declaredTypes, type);
    if (!declaredType) return [`${where}: Content-Type ${type} not declared (declared: ${declaredTypes.join(', ')})`];
    if (!isJsonType(type)) return [];
    const schema = content[declaredType]?.schema;
    if (schema === undefined) return [];
    const check = validatorFor(schema);
    if (check(r.body)) return [];
    return describeErrors(check).map((line) => `${where}: ${line}`);
  }

  return {
    validate,
    match,
    operations: () => paths.flatMap((p) => Object.keys(p.methods).map((m) => `${m.toUpperCase()} ${p.template}`)),
  };
}
