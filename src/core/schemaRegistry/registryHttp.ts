// One call of a schema registry's HTTP API, with node:http / node:https only (no new dependency):
// JSON in, text out, a deadline for the whole exchange (not merely an idle socket) and a bound on
// the answer's size, every failure already one sentence.
import http from 'node:http';
import https from 'node:https';
import { RegistryError, connectionFailure, timedOut } from './registryError';

/** Larger answers are refused: no schema is that big, and reading one would hold it all in memory. */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

const CONFLUENT_JSON = 'application/vnd.schemaregistry.v1+json';

export interface RegistryEndpoint {
  /** scheme://host:port, without credentials. */
  origin: string;
  /** The API's path prefix (e.g. /apis/ccompat/v7), without a trailing slash; '' for none. */
  basePath: string;
  https: boolean;
  /** "the schema registry at host:port": how every error names it. */
  where: string;
  authorization?: string;
  timeoutMs: number;
  ca?: string | Buffer;
  rejectUnauthorized?: boolean;
}

export interface RawAnswer {
  status: number;
  text: string;
}

function tooLarge(where: string): RegistryError {
  return new RegistryError('bad-answer', `${where} answered more than ${MAX_ANSWER_BYTES / (1024 * 1024)} MB, which is refused as no schema is that large.`);
}

/** `path` starts with '/' and has its parts URL-encoded already. */
export function registryRequest(ep: RegistryEndpoint, method: 'GET' | 'POST', path: string, body?: unknown): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body), 'utf8');
    const headers: http.OutgoingHttpHeaders = { Accept: CONFLUENT_JSON };
    if (ep.authorization) headers.Authorization = ep.authorization;
    if (payload) {
      headers['Content-Type'] = CONFLUENT_JSON;
      headers['Content-Length'] = payload.length;
    }
    const options: https.RequestOptions = { method, headers };
    if (ep.https) {
      if (ep.ca !== undefined) options.ca = ep.ca;
      if (ep.rejectUnauthorized !== undefined) options.rejectUnauthorized = ep.rejectUnauthorized;
    }
    const url = `${ep.origin}${ep.basePath}${path}`;
    const req = ep.https ? https.request(url, options) : http.request(url, options);

    let settled = false;
    const finish = (err: RegistryError | undefined, answer?: RawAnswer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (err) {
        req.destroy();
        reject(err);
      } else resolve(answer as RawAnswer);
    };
    const deadline = setTimeout(() => finish(timedOut(ep.where, ep.timeoutMs)), ep.timeoutMs);

    req.on('error', (err: NodeJS.ErrnoException) => finish(connectionFailure(ep.where, err)));
    req.on('response', (res) => {
      if (Number(res.headers['content-length']) > MAX_ANSWER_BYTES) return finish(tooLarge(ep.where));
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) finish(tooLarge(ep.where));
        else chunks.push(chunk);
      });
      res.on('error', (err: NodeJS.ErrnoException) => finish(connectionFailure(ep.where, err)));
      res.on('end', () => finish(undefined, { status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.end(payload);
  });
}
