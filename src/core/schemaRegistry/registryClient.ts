// A client of a Confluent-compatible Schema Registry (issue 23, 2(a)): schemas by id for the wire
// format's decoder, subjects and versions for the tree, lookup and register for producing.
// Schemas by id never change, so they are fetched once per client and shared while in flight (a
// thousand records of one new id are one request); an id the registry lacks is remembered for a
// while, and a registry that is down is one error, not one per record.
import {
  RegisteredSchema,
  RegistrySchemaType,
  SchemaReference,
  SubjectVersion,
  complaintText,
  countList,
  errorCode,
  registeredSchema,
  schemaId,
  stringList,
  subjectVersion,
} from './registryAnswers';
import { RegistryError, registryComplaint } from './registryError';
import { RegistryEndpoint, registryRequest } from './registryHttp';

export { RegistryError } from './registryError';
export type { RegistryErrorKind } from './registryError';
export type { RegisteredSchema, RegistrySchemaType, SchemaReference, SubjectVersion } from './registryAnswers';

export interface RegistryConfig {
  /** The API's base, e.g. http://host:8081 or http://host:8080/apis/ccompat/v7 (a trailing slash is fine). */
  url: string;
  username?: string;
  password?: string;
  /** Sent as `Authorization: Bearer …`; wins over username/password when both are set. */
  bearerToken?: string;
  /** The deadline of one request, connection included; default 5000. */
  timeoutMs?: number;
  ca?: string | Buffer;
  rejectUnauthorized?: boolean;
}

export interface ResolvedSchema extends RegisteredSchema {
  /** Every referenced schema, transitively, deepest first, by reference name. */
  referenced: { name: string; schemaType: RegistrySchemaType; schema: string }[];
}

export interface RegistryClientOptions {
  /** The clock of the negative cache and the cool-down (tests pass a virtual one). */
  now?: () => number;
}

export const DEFAULT_TIMEOUT_MS = 5000;
/** How long an id the registry lacks is answered from memory: it may be registered soon after. */
export const MISSING_ID_MS = 30_000;
/** How long calls fail at once after the registry did not answer. */
export const COOL_DOWN_MS = 10_000;
/** Beyond this many remembered missing ids (records of garbage), the oldest are forgotten. */
const MAX_MISSING_IDS = 10_000;

interface Remembered {
  error: RegistryError;
  until: number;
}

type Missing = (errorCode: number | undefined) => string;

function endpointOf(config: RegistryConfig): { endpoint: RegistryEndpoint; secrets: string[] } {
  let url: URL;
  try {
    url = new URL(config.url.trim());
  } catch {
    url = new URL('invalid:');
  }
  // The URL itself is not repeated: it may carry user:password@.
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RegistryError('unreachable', 'the schema registry URL is not an http:// or https:// URL.');
  }
  const username = config.username ?? (url.username ? decodeURIComponent(url.username) : undefined);
  const password = config.password ?? (url.password ? decodeURIComponent(url.password) : undefined);
  let authorization: string | undefined;
  let basicCredentials: string | undefined;
  if (config.bearerToken) authorization = `Bearer ${config.bearerToken}`;
  else if (username !== undefined) {
    basicCredentials = Buffer.from(`${username}:${password ?? ''}`, 'utf8').toString('base64');
    authorization = `Basic ${basicCredentials}`;
  }
  // The encoded credentials too: a proxy may echo them without the "Basic " before them.
  const secrets = [config.bearerToken, password, basicCredentials].filter((s): s is string => !!s);
  const endpoint: RegistryEndpoint = {
    origin: url.origin,
    basePath: url.pathname.replace(/\/+$/, ''),
    https: url.protocol === 'https:',
    where: `the schema registry at ${url.host}`,
    authorization,
    timeoutMs: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ca: config.ca,
    rejectUnauthorized: config.rejectUnauthorized,
  };
  return { endpoint, secrets };
}

const subjectPath = (subject: string) => `/subjects/${encodeURIComponent(subject)}`;

export class SchemaRegistryClient {
  private readonly endpoint: RegistryEndpoint;
  private readonly secrets: string[];
  private readonly now: () => number;
  private readonly byId = new Map<number, Promise<RegisteredSchema>>();
  private readonly resolvedById = new Map<number, Promise<ResolvedSchema>>();
  private readonly missingIds = new Map<number, Remembered>();
  private down: Remembered | undefined;

  constructor(config: RegistryConfig, options: RegistryClientOptions = {}) {
    ({ endpoint: this.endpoint, secrets: this.secrets } = endpointOf(config));
    this.now = options.now ?? Date.now;
  }

  /** "the schema registry at host:port", as its errors name it. */
  get where(): string {
    return this.endpoint.where;
  }

  /**
   * A person asked to try again (the tree's Retry): the cool-down after a registry that did not
   * answer ends now, so the next call asks the registry instead of repeating the remembered failure.
   * Calls made without a person asking (every record of a replay) keep the cool-down.
   */
  tryAgainNow(): void {
    this.down = undefined;
  }

  schemaById(id: number): Promise<RegisteredSchema> {
    const missing = this.missingIds.get(id);
    if (missing && this.now() < missing.until) return Promise.reject(missing.error);
    if (missing) this.missingIds.delete(id);
    return this.shared(this.byId, id, () => this.fetchSchemaById(id));
  }

  resolvedSchemaById(id: number): Promise<ResolvedSchema> {
    return this.shared(this.resolvedById, id, () => this.resolve(id));
  }

  async subjects(): Promise<string[]> {
    return stringList(this.where, await this.call('GET', '/subjects'));
  }

  async versions(subject: string): Promise<number[]> {
    const answer = await this.call('GET', `${subjectPath(subject)}/versions`, undefined, () => `subject ${JSON.stringify(subject)} is not in ${this.where}.`);
    return countList(this.where, answer);
  }

  async schemaVersion(subject: string, version: number | 'latest'): Promise<SubjectVersion> {
    const named = version === 'latest' ? 'the latest version' : `version ${version}`;
    if (version !== 'latest' && !(Number.isSafeInteger(version) && version > 0)) {
      throw new RegistryError('not-found', `${named} of subject ${JSON.stringify(subject)} is not in ${this.where}.`);
    }
    const answer = await this.call('GET', `${subjectPath(subject)}/versions/${version}`, undefined, (code) =>
      code === 40401 ? `subject ${JSON.stringify(subject)} is not in ${this.where}.` : `${named} of subject ${JSON.stringify(subject)} is not in ${this.where}.`,
    );
    return subjectVersion(this.where, answer);
  }

  /** The id under which `subject` holds this schema; undefined when it does not (or there is no such subject). */
  async lookup(subject: string, schema: string, schemaType: RegistrySchemaType, references?: SchemaReference[]): Promise<number | undefined> {
    try {
      // A 404 here is the answer "not registered", never shown: its sentence is not needed.
      return schemaId(this.where, await this.call('POST', subjectPath(subject), schemaBody(schema, schemaType, references), () => 'not registered'));
    } catch (err) {
      if (err instanceof RegistryError && err.kind === 'not-found') return undefined;
      throw err;
    }
  }

  async register(subject: string, schema: string, schemaType: RegistrySchemaType, references?: SchemaReference[]): Promise<number> {
    return schemaId(this.where, await this.call('POST', `${subjectPath(subject)}/versions`, schemaBody(schema, schemaType, references)));
  }

  private async fetchSchemaById(id: number): Promise<RegisteredSchema> {
    const missing = `schema id ${id} is not in ${this.where}.`;
    if (!Number.isSafeInteger(id) || id < 0) throw new RegistryError('not-found', missing);
    try {
      return registeredSchema(this.where, await this.call('GET', `/schemas/ids/${id}`, undefined, () => missing), id);
    } catch (err) {
      if (err instanceof RegistryError && err.kind === 'not-found') this.rememberMissing(id, err);
      throw err;
    }
  }

  private async resolve(id: number): Promise<ResolvedSchema> {
    const root = await this.schemaById(id);
    const referenced: ResolvedSchema['referenced'] = [];
    // By name, so a schema two others import is listed once, and a cycle ends.
    const seen = new Set<string>();
    const visit = async (refs: readonly SchemaReference[]): Promise<void> => {
      for (const ref of refs) {
        if (seen.has(ref.name)) continue;
        seen.add(ref.name);
        let target: SubjectVersion;
        try {
          target = await this.schemaVersion(ref.subject, ref.version);
        } catch (err) {
          if (!(err instanceof RegistryError && err.kind === 'not-found')) throw err;
          throw new RegistryError('not-found', `schema id ${id} references version ${ref.version} of subject ${JSON.stringify(ref.subject)}, which is not in ${this.where}.`);
        }
        await visit(target.references);
        referenced.push({ name: ref.name, schemaType: target.schemaType, schema: target.schema });
      }
    };
    await visit(root.references);
    return { ...root, referenced };
  }

  /** One promise per key while it is pending or fulfilled; a failure is not kept (the negative cache is separate). */
  private shared<T>(cache: Map<number, Promise<T>>, key: number, start: () => Promise<T>): Promise<T> {
    const cached = cache.get(key);
    if (cached) return cached;
    const pending = start();
    cache.set(key, pending);
    pending.catch(() => {
      if (cache.get(key) === pending) cache.delete(key);
    });
    return pending;
  }

  private rememberMissing(id: number, error: RegistryError): void {
    if (this.missingIds.size >= MAX_MISSING_IDS) {
      const oldest = this.missingIds.keys().next();
      if (!oldest.done) this.missingIds.delete(oldest.value);
    }
    this.missingIds.set(id, { error, until: this.now() + MISSING_ID_MS });
  }

  /**
   * One request; the answer's JSON when it is a 2xx. `missing` words a 404 that the registry itself
   * answered (with a Confluent error code); without `missing`, or without a code, a 404 is an error of its own.
   */
  private async call(method: 'GET' | 'POST', path: string, body?: unknown, missing?: Missing): Promise<unknown> {
    if (this.down && this.now() < this.down.until) throw this.down.error;
    let answer;
    try {
      answer = await registryRequest(this.endpoint, method, path, body);
    } catch (err) {
      if (err instanceof RegistryError && (err.kind === 'unreachable' || err.kind === 'timeout')) {
        this.down = { error: err, until: this.now() + COOL_DOWN_MS };
      }
      throw err;
    }
    this.down = undefined;
    let json: unknown;
    try {
      json = answer.text === '' ? undefined : JSON.parse(answer.text);
    } catch {
      json = undefined;
    }
    const { status } = answer;
    if (status >= 200 && status < 300) {
      if (json === undefined) throw new RegistryError('bad-answer', `${this.where} answered something other than JSON.`);
      return json;
    }
    const code = errorCode(json);
    // Only the registry's own 404xx codes mean "not there": its web server answers a path that is
    // not the API with 404 too, and Apicurio's even with a JSON error_code (404 or 0).
    const registryMissing = code !== undefined && code >= 40400 && code <= 40499;
    if (status === 404 && missing && registryMissing) throw new RegistryError('not-found', missing(code));
    if (status === 404 && !registryMissing) {
      throw new RegistryError('bad-answer', `${this.where} answered 404 without a registry error code, so the URL is probably not its API (for Apicurio it ends in /apis/ccompat/v7).`);
    }
    if (status === 401 || status === 403) {
      const sentence = this.endpoint.authorization ? `refused the credentials (${status})` : `wants credentials (${status}), and none are set`;
      throw new RegistryError('auth', `${this.where} ${sentence}.`);
    }
    const complaint = registryComplaint(complaintText(answer.text, json), this.secrets);
    throw new RegistryError('refused', complaint ? `${this.where} answered ${status}: ${complaint}.` : `${this.where} answered ${status}.`);
  }
}

function schemaBody(schema: string, schemaType: RegistrySchemaType, references: SchemaReference[] | undefined): Record<string, unknown> {
  // Confluent's own serializers leave schemaType out for Avro; older registries know no other.
  const body: Record<string, unknown> = { schema };
  if (schemaType !== 'AVRO') body.schemaType = schemaType;
  if (references?.length) body.references = references;
  return body;
}
