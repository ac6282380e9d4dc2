// Global options and environment -> connection options: pure rules, no broker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connectionFromOptions, findPasswordArgument } from '../../src/cli/connectionFromOptions';
import type { GlobalOptions } from '../../src/cli/globalOptions';
import { UsageError } from '../../src/core/errors';
import { byteLines } from '../../src/cli/byteLines';

const base: GlobalOptions = { profile: 'vast', timeout: 30 };

test('bootstrap comes from --bootstrap before KAFKA_BOOTSTRAP, with the timeout in ms', () => {
  const env = { KAFKA_BOOTSTRAP: 'a:1' };
  assert.deepEqual(connectionFromOptions(base, env).connection, { bootstrap: ['a:1'], clientId: 'ebx', timeoutMs: 30_000 });
  assert.deepEqual(connectionFromOptions({ ...base, bootstrap: 'b:2,c:3', timeout: 2.5 }, env).connection.bootstrap, ['b:2', 'c:3']);
  assert.equal(connectionFromOptions({ ...base, timeout: 2.5 }, env).connection.timeoutMs, 2_500);
});

test('no bootstrap at all is a usage error that names both ways to give one', () => {
  assert.throws(() => connectionFromOptions(base, {}), (e: Error) => e instanceof UsageError && /--bootstrap/.test(e.message) && /KAFKA_BOOTSTRAP/.test(e.message));
});

test('a user name takes the password from KAFKA_PASSWORD, SASL PLAIN by default', () => {
  const env = { KAFKA_BOOTSTRAP: 'a:1', KAFKA_USERNAME: 'alice', KAFKA_PASSWORD: 's3cret' };
  assert.deepEqual(connectionFromOptions(base, env).connection.sasl, { mechanism: 'plain', username: 'alice', password: 's3cret' });
});

test('--password-env names the variable; --sasl-mechanism picks SCRAM', () => {
  const env = { KAFKA_BOOTSTRAP: 'a:1', MY_PW: 'pw', KAFKA_PASSWORD: 'other' };
  const { connection } = connectionFromOptions({ ...base, username: 'bob', passwordEnv: 'MY_PW', saslMechanism: 'scram-sha-512' }, env);
  assert.deepEqual(connection.sasl, { mechanism: 'scram-sha-512', username: 'bob', password: 'pw' });
});

test('a user without a password, or password options without a user, are usage errors', () => {
  const env = { KAFKA_BOOTSTRAP: 'a:1' };
  assert.throws(() => connectionFromOptions({ ...base, username: 'bob' }, env), /KAFKA_PASSWORD/);
  assert.throws(() => connectionFromOptions({ ...base, username: 'bob', passwordEnv: 'NOPE' }, env), /NOPE/);
  assert.throws(() => connectionFromOptions({ ...base, passwordEnv: 'X' }, env), /--username/);
  assert.throws(() => connectionFromOptions({ ...base, saslMechanism: 'plain' }, env), /--username/);
});

test('TLS: off by default, implied by file options, verification on unless --insecure (which warns)', () => {
  const env = { KAFKA_BOOTSTRAP: 'a:1' };
  assert.equal(connectionFromOptions(base, env).connection.tls, undefined);
  assert.deepEqual(connectionFromOptions({ ...base, ca: 'ca.pem' }, env).connection.tls, {
    caFile: 'ca.pem', certFile: undefined, keyFile: undefined, rejectUnauthorized: true,
  });
  const insecure = connectionFromOptions({ ...base, tls: true, insecure: true }, env);
  assert.equal(insecure.connection.tls?.rejectUnauthorized, false);
  assert.equal(insecure.warnings.length, 1);
  assert.match(insecure.warnings[0], /not verified/);
  assert.throws(() => connectionFromOptions({ ...base, cert: 'c.pem' }, env), /--cert-key/);
});

test('findPasswordArgument: --password in any form is refused; --password-env and values after -- are not', () => {
  assert.match(findPasswordArgument(['topics', '--password', 'x']) ?? '', /process list/);
  assert.match(findPasswordArgument(['--password=x', 'topics']) ?? '', /process list/);
  assert.equal(findPasswordArgument(['--password-env', 'X', 'topics']), undefined);
  assert.equal(findPasswordArgument(['produce', 't', '--', '--password']), undefined);
});

test('byteLines: splits bytes on \\n, drops \\r of \\r\\n, keeps a last line without newline and non-UTF-8 bytes', async () => {
  // eslint-disable-next-line @typescript-eslint/require-await -- a source whose chunks are ready at once
  async function* chunks() {
    yield Buffer.from('one\r\ntw');
    yield Buffer.from([0x6f, 0xff, 0x0a, 0x0a]);
    yield Buffer.from('last');
  }
  const lines: Buffer[] = [];
  for await (const line of byteLines(chunks())) lines.push(line);
  assert.deepEqual(lines, [Buffer.from('one'), Buffer.from([0x74, 0x77, 0x6f, 0xff]), Buffer.alloc(0), Buffer.from('last')]);
});
