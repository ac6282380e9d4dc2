// A schema registry of the test's own: scripts/schema-registry.mjs run as a child process (the same
// commands a person would type), in a fresh state dir that `stop` deletes. Also the Confluent API
// calls the harness test makes, with plain fetch.
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../../..');
const SCRIPT = join(ROOT, 'scripts/schema-registry.mjs');

export interface OwnRegistry {
  dir: string;
  /** The Confluent API's base, e.g. http://127.0.0.1:PORT/apis/ccompat/v7 */
  url: string;
  /** How long `start` took (a fresh build included when the cache was empty). */
  startMs: number;
}

function registryScript(args: string[], timeoutMs: number): Promise<{ stdout: string; ms: number }> {
  const t0 = Date.now();
  return new Promise((done, fail) => {
    execFile(process.execPath, [SCRIPT, ...args], { timeout: timeoutMs, maxBuffer: 1 << 20 }, (err, stdout, stderr) => {
      if (err) fail(new Error(`schema-registry.mjs ${args.join(' ')} failed: ${err.message}\n${stderr}`));
      else done({ stdout, ms: Date.now() - t0 });
    });
  });
}

/** Starts a registry in a new temporary dir; builds it first when the cache lacks it (minutes). */
export async function startOwnRegistry(): Promise<OwnRegistry> {
  const dir = mkdtempSync(join(tmpdir(), 'ebx-registry-'));
  const { stdout, ms } = await registryScript(['start', '--dir', dir], 15 * 60_000);
  const url = /^SCHEMA_REGISTRY_URL=(\S+)$/m.exec(stdout)?.[1];
  if (!url) throw new Error(`schema-registry.mjs start printed no SCHEMA_REGISTRY_URL: ${stdout}`);
  return { dir, url, startMs: ms };
}

export async function stopOwnRegistry(registry: OwnRegistry | undefined): Promise<void> {
  if (registry) await registryScript(['stop', '--dir', registry.dir], 60_000);
}

export interface RegistryAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** One call of the Confluent API: JSON in, JSON out, the HTTP status kept. */
export async function registryCall(registry: OwnRegistry, path: string, body?: unknown): Promise<RegistryAnswer> {
  const res = await fetch(`${registry.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/vnd.schemaregistry.v1+json', Accept: 'application/vnd.schemaregistry.v1+json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
