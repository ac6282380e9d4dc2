// The one sentence a schema registry failure becomes (issue 23): it names the registry's host, never
// its password or token, and says what kind of failure it was so callers can choose (a registry that
// is down is one error row; an id it lacks is that record's error).

export type RegistryErrorKind = 'unreachable' | 'timeout' | 'auth' | 'not-found' | 'refused' | 'bad-answer';

export class RegistryError extends Error {
  override name = 'RegistryError';
  constructor(
    readonly kind: RegistryErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** Why a connection failed, in words (Node's error codes are not for users). */
const CONNECTION_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed and not trusted',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate chain is self-signed and not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate cannot be verified',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another host name',
};

export function connectionFailure(where: string, err: NodeJS.ErrnoException): RegistryError {
  const why = (err.code && CONNECTION_FAILURES[err.code]) ?? err.code ?? 'the connection failed';
  return new RegistryError('unreachable', `${where} does not answer (${why}).`);
}

export function timedOut(where: string, timeoutMs: number): RegistryError {
  return new RegistryError('timeout', `${where} did not answer within ${Number((timeoutMs / 1000).toFixed(3))} s.`);
}

/**
 * The registry's own complaint, made fit for one sentence: whitespace collapsed, bounded, any secret
 * it echoes blanked (a proxy in front of a registry may repeat the request's header).
 */
export function registryComplaint(text: string, secrets: readonly string[]): string {
  let line = text.replace(/\s+/g, ' ').trim();
  for (const secret of secrets) if (secret) line = line.split(secret).join('***');
  if (line.length > 300) line = `${line.slice(0, 299)}…`;
  return line.replace(/[.\s]+$/, '');
}
