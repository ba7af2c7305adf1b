import type { IncomingMessage, ServerResponse } from 'node:http';
import { FakeHttpServer } from './fake-http-server.js';

export interface FakeOsmElement {
  type: 'node' | 'way';
  id: number;
  version: number;
  lat?: number;
  lon?: number;
  nodes?: number[];
  tags: Record<string, string>;
  deleted?: boolean;
}

export interface RecordedOsmRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * The OpenStreetMap API 0.6 on 127.0.0.1 (upstreams.md §2.6): element reads (200 JSON, 404, 410), changeset
 * create/close, element PUT with version checks, and the failures a test switches on. Writes need the bearer
 * token, `Content-Type: text/xml` and an identifying User-Agent, like the real API; every request is recorded.
 */
export class FakeOsmApiServer extends FakeHttpServer {
  token = 'osm-test-token';
  elements = new Map<string, FakeOsmElement>();
  requests: RecordedOsmRequest[] = [];
  /** changeset/create answers this status instead of an id (401, 403, 503). */
  createStatus: 200 | 401 | 403 | 429 | 503 = 200;
  /** The next element PUT meets an edit by someone else first: the version moves on (and `tags` are merged). */
  conflictOnce: Record<string, string> | null = null;
  /** Element PUTs answer this status (400, 429). */
  putStatus: 200 | 400 | 429 = 200;
  /** Reads fail at the network level (the socket is cut). */
  readsBroken = false;
  openChangesets = new Set<number>();
  closedChangesets = new Set<number>();
  #nextChangeset = 162_000_100;

  add(element: FakeOsmElement): void {
    this.elements.set(`${element.type}/${element.id}`, element);
  }
  get(type: string, id: number): FakeOsmElement | undefined {
    return this.elements.get(`${type}/${id}`);
  }
  reset(): void {
    this.elements.clear();
    this.requests = [];
    this.createStatus = 200;
    this.putStatus = 200;
    this.conflictOnce = null;
    this.readsBroken = false;
    this.openChangesets.clear();
    this.closedChangesets.clear();
  }
  writes(): RecordedOsmRequest[] {
    return this.requests.filter((r) => r.method === 'PUT');
  }

  protected override handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0] ?? '';
      const body = Buffer.concat(chunks).toString('utf8');
      this.requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
      const send = (status: number, text = '', type = 'text/plain') =>
        res.writeHead(status, { 'Content-Type': type, ...(status >= 400 ? { Error: text } : {}) }).end(text);
      if (!req.headers['user-agent'] || /^(node|undici)/i.test(req.headers['user-agent'])) return send(403, 'Please identify your client');

      const read = /^\/api\/0\.6\/(node|way)\/(\d+)\.json$/.exec(path);
      if (req.method === 'GET' && read) {
        if (this.readsBroken) return req.socket.destroy();
        const element = this.get(read[1]!, Number(read[2]));
        if (!element) return send(404);
        if (element.deleted) return send(410);
        const { deleted: _gone, ...shown } = element;
        return send(200, JSON.stringify({ version: '0.6', generator: 'fake', elements: [shown] }), 'application/json');
      }
      if (req.method !== 'PUT') return send(405);
      if (req.headers.authorization !== `Bearer ${this.token}`) return send(401, "Couldn't authenticate you");
      if (!/^text\/xml/.test(req.headers['content-type'] ?? '') && !path.endsWith('/close')) return send(400, 'Content-Type must be text/xml');

      if (path === '/api/0.6/changeset/create') {
        if (this.createStatus !== 200) return send(this.createStatus, this.createStatus === 503 ? 'Database offline for maintenance' : 'refused');
        if (!/<changeset>.*<tag k="comment" v="[^"]+"\/>.*<\/changeset>/s.test(body)) return send(400, 'changeset without comment');
        const id = this.#nextChangeset++;
        this.openChangesets.add(id);
        return send(200, String(id));
      }
      const close = /^\/api\/0\.6\/changeset\/(\d+)\/close$/.exec(path);
      if (close) {
        const id = Number(close[1]);
        if (!this.openChangesets.delete(id)) return send(409, `The changeset ${id} was closed already`);
        this.closedChangesets.add(id);
        return send(200);
      }
      const put = /^\/api\/0\.6\/(node|way)\/(\d+)$/.exec(path);
      if (put) return this.#putElement(put[1]!, Number(put[2]), body, send);
      return send(404);
    });
  }

  #putElement(type: string, id: number, body: string, send: (status: number, text?: string) => void): void {
    if (this.putStatus !== 200) return send(this.putStatus, this.putStatus === 429 ? 'Rate limit exceeded' : 'Cannot parse valid element from xml string');
    const element = this.get(type, id);
    if (!element) return send(404);
    if (element.deleted) return send(410);
    const head = new RegExp(`<${type} id="(\\d+)" version="(\\d+)" changeset="(\\d+)"`).exec(body);
    if (!head || Number(head[1]) !== id) return send(400, 'Cannot parse valid element from xml string');
    const changeset = Number(head[3]);
    if (!this.openChangesets.has(changeset)) return send(409, `The changeset ${changeset} was closed`);
    if (this.conflictOnce) {
      Object.assign(element.tags, this.conflictOnce);
      element.version++;
      this.conflictOnce = null;
    }
    if (Number(head[2]) !== element.version) return send(409, `Version mismatch: Provided ${head[2]}, server had: ${element.version} of ${type} ${id}`);
    const tags: Record<string, string> = {};
    for (const m of body.matchAll(/<tag k="([^"]*)" v="([^"]*)"\/>/g)) tags[unescape(m[1]!)] = unescape(m[2]!);
    if (type === 'way') {
      const refs = [...body.matchAll(/<nd ref="(\d+)"\/>/g)].map((m) => Number(m[1]));
      if (refs.join() !== (element.nodes ?? []).join()) return send(400, 'way nodes changed');
    }
    element.tags = tags;
    element.version++;
    send(200, String(element.version));
  }
}

const unescape = (v: string) => v.replace(/&(amp|lt|gt|quot|apos);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e] ?? '');
