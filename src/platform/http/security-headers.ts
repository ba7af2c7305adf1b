import type { Express, RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { policyByContentType } from './csp-at-head.js';

/**
 * helmet's headers, worked out once at start instead of by helmet's eleven middlewares on every request: helmet is
 * run against a recording response, and each request gets the recorded headers in one loop (`extra` adds ours, e.g.
 * Reporting-Endpoints). The headers are exactly helmet's for these options (test/core/security-headers.test.ts
 * compares them with helmet's own answer), as long as no directive depends on the request — which helmet would
 * then compute per request; `securityHeaders` refuses such options. The one exception is helmet's
 * Content-Security-Policy: it becomes the pages' policy, chosen when the head is written (csp-at-head.ts), and JSON
 * answers get a stricter one.
 */
export function securityHeaders(app: Express, options: HelmetOptions, extra: Record<string, string> = {}): RequestHandler {
  const recorded = recordHeaders(helmet(options));
  const policy = recorded.find(([name]) => name.toLowerCase() === CSP);
  if (policy) policyByContentType(app, policy[1]);
  // Names in lower case (HTTP/1.1 reads them in any case, HTTP/2 only so): Node's setHeader keys every header by its
  // lower-case name, and a name that is lower case already costs no new string — about 2 µs of ~15 per request.
  // One flat list of name, value, name, value ...: the loop then walks it by index, without a pair to take apart.
  const flat = [...recorded, ...Object.entries(extra)]
    .map(([name, value]) => [name.toLowerCase(), value])
    .filter(([name]) => name !== CSP)
    .flat();
  return (_req, res, next) => {
    for (let i = 0; i < flat.length; i += 2) res.setHeader(flat[i] as string, flat[i + 1] as string);
    next();
  };
}

const CSP = 'content-security-policy';

function recordHeaders(middleware: RequestHandler): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: string) {
      headers.push([name, String(value)]);
      return recorder;
    },
    removeHeader() {},
  } as unknown as Response;
  let done = false;
  const request = new Proxy({} as Parameters<RequestHandler>[0], {
    get(_target, prop) {
      throw new Error(`securityHeaders: helmet read req.${String(prop)}, so its headers depend on the request`);
    },
  });
  middleware(request, recorder, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    done = true;
  });
  if (!done) throw new Error('securityHeaders: helmet did not finish synchronously');
  return headers;
}
