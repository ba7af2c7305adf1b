import type { FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import type { paths } from '../api/schema.js';

/**
 * The types of the typed wire: which paths take which method, what a call's `init` ({ params: { path, query },
 * body }) must hold and what it answers, all read from the generated `paths` (schema.d.ts). A renamed route, a
 * missing path parameter or a wrong body field is a typecheck error at the call.
 */
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The API paths (with their `{param}` placeholders) that answer `M`. */
export type PathOf<M extends Method> = { [P in keyof paths]: paths[P] extends Record<M, object> ? P : never }[keyof paths];

/** The operation behind a path and method. */
type Operation<P extends keyof paths, M extends Method> = paths[P] extends Record<M, infer O> ? O & Record<string | number, unknown> : never;

/** What a call to `path` with `method` must be given: openapi-fetch's init (params, body, headers). */
export type Init<P extends PathOf<M>, M extends Method> = MaybeOptionalInit<paths[P], M>;

/** The init as an argument: optional when nothing in it is required (no path parameter, no body). */
export type InitArgs<I> = undefined extends I ? [init?: I] : [init: I];

/** The success answer's JSON; `void` for an answer without a body (204). */
type Answer<Op extends Record<string | number, unknown>> =
  FetchResponse<Op, object, 'application/json'> extends infer R
    ? R extends { data: infer D; error?: never }
      ? [D] extends [never]
        ? void
        : D
      : never
    : never;

/** The answer of `method` on `path` (the app never asks for another `parseAs` than JSON). */
export type AnswerOf<P extends PathOf<M>, M extends Method> = Answer<Operation<P, M>>;

/** A typed call: the path as the document writes it, the init as openapi-fetch takes it, the answer's data. */
export type Call<M extends Method> = <P extends PathOf<M>, I extends Init<P, M>>(path: P, ...init: InitArgs<I>) => Promise<AnswerOf<P, M>>;

/** The JSON body a POST/PATCH/PUT to `path` takes (for building it apart from the call, e.g. in a form's helper). */
export type BodyOf<P extends PathOf<M>, M extends Method> = NonNullable<NonNullable<Init<P, M>>['body']>;

/** The query a GET on `path` takes. */
export type QueryOf<P extends PathOf<'get'>> = NonNullable<NonNullable<NonNullable<Init<P, 'get'>>['params']>['query']>;

/**
 * The record kinds of the per-dog record sections (ui/record-section.tsx): a segment K with a list and create at
 * /api/dogs/{dogId}/K and an edit and delete at /api/K/{id}. A renamed route drops its kind from this union.
 */
type DogListKind = PathOf<'post'> extends infer P ? (P extends `/api/dogs/{dogId}/${infer K}` ? K : never) : never;
export type RecordKind = {
  [K in DogListKind]: `/api/dogs/{dogId}/${K}` extends PathOf<'get'> ? (`/api/${K}/{id}` extends PathOf<'patch'> & PathOf<'delete'> ? K : never) : never;
}[DogListKind];

/** The map's item kinds (ui/map/item-parts.tsx): /api/K/{id} with a photo, a report and a delete. */
export type DeletableKind = TopKind;
type TopKind = PathOf<'delete'> extends infer P ? (P extends `/api/${infer K}/{id}` ? K : never) : never;
export type MapItemKind = {
  [K in TopKind]: `/api/${K}/{id}/photo` extends PathOf<'post'> & PathOf<'delete'> ? (`/api/${K}/{id}/report` extends PathOf<'post'> ? K : never) : never;
}[TopKind];

/** The create body of a record kind: what POST /api/dogs/{dogId}/K takes. */
export type RecordBody<K extends RecordKind> = `/api/dogs/{dogId}/${K}` extends infer P extends PathOf<'post'> ? BodyOf<P, 'post'> : never;
