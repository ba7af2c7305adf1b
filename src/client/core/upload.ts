import { errorFromBody, ApiError, offlineError } from './api-error.js';
import { unauthorized, urlOf } from './api.js';
import type { AnswerOf, Init, PathOf } from './api-types.js';
import { offline } from './offline-cache.js';
import { parseAnswer } from './parse-answer.js';

type Params<P extends PathOf<'post'>> = NonNullable<Init<P, 'post'>> extends { params?: infer Q } ? Q : never;

type UploadOptions<P extends PathOf<'post'>> = {
  form: FormData;
  /** Gets 0…1. */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
} & (object extends NonNullable<Params<P>> ? { params?: Params<P> } : { params: Params<P> });

/**
 * Multipart upload through XMLHttpRequest, because fetch cannot report upload progress: the one request that does
 * not go through openapi-fetch, typed by the same `paths` (the path, its parameters and the answer).
 * `upload('/api/dogs/{dogId}/documents', { params: { path: { dogId } }, form, onProgress })` settles with the parsed
 * answer or an ApiError.
 */
export function upload<P extends PathOf<'post'>>(path: P, options: UploadOptions<P>): Promise<AnswerOf<P, 'post'>> {
  const { form, onProgress, signal } = options;
  const url = urlOf(path, { params: options.params as never });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? parseAnswer(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        offline.set(false);
        onProgress(1);
        resolve(data as AnswerOf<P, 'post'>);
        return;
      }
      if (xhr.status === 401) unauthorized(path);
      reject(errorFromBody(xhr.status, data, xhr.getResponseHeader('Retry-After')));
    };
    xhr.onerror = () => reject(offlineError());
    xhr.onabort = () => reject(new ApiError(0, 'aborted', 'Upload abgebrochen.'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
