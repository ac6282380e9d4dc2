// The schema registry client against a STAND-IN: a node:http server this test starts on 127.0.0.1
// that answers the few Confluent API calls each test scripts. It is not a registry; the client
// against the real one (Apicurio) is test/registry/registryClient.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { COOL_DOWN_MS, MISSING_ID_MS, RegistryError, SchemaRegistryClient } from '../../../src/core/schemaRegistry/registryClient';
import { closedPort } from '../../support/closedPort';

interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What the stand-in answers: a status and a JSON body, raw text, or nothing ever ('hang'). */
type Scripted = { status: number; json?: unknown; text?: string } | 'hang' | ((res: http.ServerResponse) => void);

interface StandIn {
  url: string;
  host: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

async function standIn(answer: (req: SeenRequest) => Scripted, port = 0): Promise<StandIn> {
  const requests: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(seen);
      const scripted = answer(seen);
      if (scripted === 'hang') return;
      if (typeof scripted === 'function') return scripted(res);
      res.writeHead(scripted.status, { 'Content-Type': 'application/vnd.schemaregistry.v1+json' });
      res.end(scripted.text ?? JSON.stringify(scripted.json));
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  const address = server.address() as AddressInfo;
  const host = `127.0.0.1:${address.port}`;
  return {
    url: `http://${host}`,
    host,
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

const notFound = (code: number, message: string): Scripted => ({ status: 404, json: { error_code: code, message } });

async function rejection(promise: Promise<unknown>): Promise<RegistryError> {
  try {
    await promise;
  } catch (err) {
    assert.ok(err instanceof RegistryError, `a RegistryError, not ${String(err)}`);
    return err;
  }
  assert.fail('expected a rejection');
}

test('a schema by id: one request for a thousand records, shared while in flight, cached after; no schemaType is AVRO', async () => {
  const s = await standIn((req) => (req.url === '/schemas/ids/7' ? { status: 200, json: { schema: '"string"' } } : notFound(40403, 'Schema not found')));
  try {
    const client = new SchemaRegistryClient({ url: s.url });
    const all = await Promise.all(Array.from({ length: 1000 }, () => client.schemaById(7)));
    assert.equal(s.requests.length, 1, 'in flight: one request');
    assert.deepEqual(all[999], { id: 7, schemaType: 'AVRO', schema: '"string"', references: [] });
    assert.equal(all[0], all[999], 'the same object for every caller');
    await client.schemaById(7);
    assert.equal(s.requests.length, 1, 'cached for the client');
    assert.equal(s.requests[0].method, 'GET');
    assert.equal(s.requests[0].headers.accept, 'application/vnd.schemaregistry.v1+json');
    assert.equal(s.requests[0].headers.authorization, undefined);
  } finally {
    await s.close();
  }
});

test('an id the registry lacks: one sentence, remembered for 30 s, then asked again', async () => {
  const s = await standIn(() => notFound(40403, 'Schema 77 not found'));
  let now = 1_000_000;
  try {
    const client = new SchemaRegistryClient({ url: s.url }, { now: () => now });
    const [first, second] = await Promise.all([rejection(client.schemaById(77)), rejection(client.schemaById(77))]);
    assert.equal(first.kind, 'not-found');
    assert.equal(first.message, `schema id 77 is not in the schema registry at ${s.host}.`);
    assert.equal(second, first);
    assert.equal(s.requests.length, 1);
    now += MISSING_ID_MS - 1;
    assert.equal((await rejection(client.schemaById(77))).message, first.message);
    assert.equal(s.requests.length, 1, 'still remembered');
    now += 2;
    await rejection(client.schemaById(77));
    assert.equal(s.requests.length, 2, 'asked again after 30 s');
    await rejection(client.schemaById(78));
    assert.equal(s.requests.length, 3, 'another id is its own question');
  } finally {
    await s.close();
  }
});

test('a registry that does not answer: connection refused, then every call fails at once for 10 s, then it is asked again', async () => {
  const port = await closedPort();
  let now = 5_000_000;
  const client = new SchemaRegistryClient({ url: `http://127.0.0.1:${port}` }, { now: () => now });
  const refused = await rejection(client.schemaById(1));
  assert.equal(refused.kind, 'unreachable');
  assert.equal(refused.message, `the schema registry at 127.0.0.1:${port} does not answer (connection refused).`);

  // The registry comes back on that port; within the cool-down the client does not even ask it.
  const s = await standIn(() => ({ status: 200, json: ['orders-value'] }), port);
  try {
    assert.equal(await rejection(client.schemaById(2)), refused, 'the same error, for another id too');
    assert.equal(await rejection(client.subjects()), refused, 'and for any other call');
    now += COOL_DOWN_MS - 1;
    await rejection(client.subjects());
    assert.equal(s.requests.length, 0, 'no request during the cool-down');
    now += 2;
    assert.deepEqual(await client.subjects(), ['orders-value']);
    assert.equal(s.requests.length, 1);
  } finally {
    await s.close();
  }
});

test('a registry that never answers: a timeout after timeoutMs, one sentence, then the cool-down', async () => {
  // It hangs once, then answers: after the cool-down the client asks again and gets that answer.
  const s = await standIn(() => (s.requests.length === 1 ? 'hang' : { status: 200, json: [1] }));
  let now = 0;
  try {
    const client = new SchemaRegistryClient({ url: s.url, timeoutMs: 200 }, { now: () => now });
    const t0 = Date.now();
    const err = await rejection(client.schemaById(3));
    const waited = Date.now() - t0;
    // The lower bound is the point (it waited for the timeout); the upper one only says it did not hang.
    assert.ok(waited >= 190 && waited < 10_000, `waited ${waited} ms`);
    assert.equal(err.kind, 'timeout');
    assert.equal(err.message, `the schema registry at ${s.host} did not answer within 0.2 s.`);
    assert.equal(await rejection(client.schemaById(4)), err);
    assert.equal(s.requests.length, 1);
    now += COOL_DOWN_MS + 1;
    assert.deepEqual(await client.versions('x'), [1]);
    assert.equal(s.requests.length, 2);
  } finally {
    await s.close();
  }
});

test('basic auth: the header sent, a 401 as one sentence without the password', async () => {
  const password = 'pa55-w0rd-secret';
  const s = await standIn(() => ({ status: 401, json: { error_code: 401, message: 'Unauthorized' } }));
  try {
    const client = new SchemaRegistryClient({ url: s.url, username: 'alice', password });
    const err = await rejection(client.subjects());
    assert.equal(err.kind, 'auth');
    assert.equal(err.message, `the schema registry at ${s.host} refused the credentials (401).`);
    assert.equal(s.requests[0].headers.authorization, `Basic ${Buffer.from(`alice:${password}`).toString('base64')}`);
    assert.ok(!err.message.includes(password) && !String(err.stack).includes(password));
  } finally {
    await s.close();
  }
});

test('a bearer token: the header sent; a 403 without any credentials says none are set', async () => {
  const s = await standIn(() => ({ status: 403, json: { message: 'Forbidden' } }));
  try {
    const err = await rejection(new SchemaRegistryClient({ url: s.url, bearerToken: 'tok-123' }).subjects());
    assert.equal(s.requests[0].headers.authorization, 'Bearer tok-123');
    assert.equal(err.message, `the schema registry at ${s.host} refused the credentials (403).`);
    const bare = await rejection(new SchemaRegistryClient({ url: s.url }).subjects());
    assert.equal(bare.kind, 'auth');
    assert.equal(bare.message, `the schema registry at ${s.host} wants credentials (403), and none are set.`);
  } finally {
    await s.close();
  }
});

test('a registry failure: "answered 500: its message", and a secret it echoes is blanked', async () => {
  const password = 'hunter2-very-secret';
  const s = await standIn((req) => ({
    status: 500,
    // The header, its credentials without "Basic ", the password: a proxy may echo any of them.
    json: { error_code: 50001, message: `Store failed\n for ${String(req.headers.authorization)}, ${String(req.headers.authorization).slice(6)} (${password})` },
  }));
  try {
    const err = await rejection(new SchemaRegistryClient({ url: `http://bob:${password}@${s.host}` }).schemaById(9));
    assert.equal(err.kind, 'refused');
    assert.equal(err.message, `the schema registry at ${s.host} answered 500: Store failed for Basic ***, *** (***).`);
    assert.ok(!err.message.includes(password), err.message);
    assert.ok(!err.message.includes(Buffer.from(`bob:${password}`).toString('base64')), err.message);
    assert.equal(s.requests[0].headers.authorization, `Basic ${Buffer.from(`bob:${password}`).toString('base64')}`, 'credentials taken from the URL');
    assert.ok(!err.message.includes('\n'));
  } finally {
    await s.close();
  }
});

test('a URL with a path prefix and a trailing slash; subject names URL-encoded; versions and subject/version answers', async () => {
  const prefix = '/apis/ccompat/v7';
  const s = await standIn((req) => {
    if (req.url === `${prefix}/subjects/team%2Forders%20v1-value/versions`) return { status: 200, json: [1, 2] };
    if (req.url === `${prefix}/subjects/orders-value/versions/latest`) {
      return { status: 200, json: { subject: 'orders-value', version: 2, id: 12, schemaType: 'PROTOBUF', schema: 'syntax = "proto3";' } };
    }
    if (req.url === `${prefix}/subjects/orders-value/versions/5`) return notFound(40402, 'Version 5 not found');
    if (req.url === `${prefix}/subjects/gone/versions`) return notFound(40401, 'Subject not found');
    // What a web server answers for a path outside the API: Confluent's and Apicurio's (as the real
    // Apicurio 2.4.2 answers them), and a plain one's.
    if (req.url === '/schemas/ids/2') return notFound(404, 'HTTP 404 Not Found');
    if (req.url === '/schemas/ids/3') return notFound(0, 'RESTEASY003210: Could not find resource for full path');
    return { status: 404, text: '<html><body>Not Found</body></html>' };
  });
  try {
    const client = new SchemaRegistryClient({ url: `${s.url}${prefix}/` });
    assert.deepEqual(await client.versions('team/orders v1-value'), [1, 2]);
    assert.deepEqual(await client.schemaVersion('orders-value', 'latest'), {
      id: 12,
      schemaType: 'PROTOBUF',
      schema: 'syntax = "proto3";',
      references: [],
      subject: 'orders-value',
      version: 2,
    });
    assert.equal((await rejection(client.schemaVersion('orders-value', 5))).message, `version 5 of subject "orders-value" is not in the schema registry at ${s.host}.`);
    assert.equal((await rejection(client.versions('gone'))).message, `subject "gone" is not in the schema registry at ${s.host}.`);
    const wrongUrl = await rejection(new SchemaRegistryClient({ url: s.url }).schemaById(1));
    assert.equal(wrongUrl.kind, 'bad-answer', 'a 404 without a registry error code is not "id missing"');
    assert.match(wrongUrl.message, /probably not its API/);
    for (const id of [2, 3]) {
      const withCode = await rejection(new SchemaRegistryClient({ url: s.url }).schemaById(id));
      assert.equal(withCode.kind, 'bad-answer', `a 404 whose error_code is not 404xx (id ${id}) is not "id missing"`);
    }
  } finally {
    await s.close();
  }
});

test('references are resolved transitively, deepest first, each name once', async () => {
  const version = (subject: string, id: number, refs: { name: string; subject: string; version: number }[]) => ({
    status: 200,
    json: { subject, version: 1, id, schemaType: 'PROTOBUF', schema: `// ${subject}`, references: refs },
  });
  const s = await standIn((req) => {
    switch (req.url) {
      case '/schemas/ids/10':
        return {
          status: 200,
          json: {
            schemaType: 'PROTOBUF',
            schema: '// order',
            references: [
              { name: 'customer.proto', subject: 'customer', version: 1 },
              { name: 'line.proto', subject: 'line', version: 1 },
            ],
          },
        };
      case '/subjects/customer/versions/1':
        return version('customer', 11, [{ name: 'common.proto', subject: 'common', version: 1 }]);
      case '/subjects/line/versions/1':
        return version('line', 12, [{ name: 'common.proto', subject: 'common', version: 1 }]);
      case '/subjects/common/versions/1':
        // A cycle back to the first import must end, not recurse for ever.
        return version('common', 13, [{ name: 'customer.proto', subject: 'customer', version: 1 }]);
      default:
        return notFound(40401, 'Subject not found');
    }
  });
  try {
    const client = new SchemaRegistryClient({ url: s.url });
    const resolved = await client.resolvedSchemaById(10);
    assert.equal(resolved.schema, '// order');
    assert.deepEqual(resolved.references.map((r) => r.name), ['customer.proto', 'line.proto']);
    assert.deepEqual(resolved.referenced, [
      { name: 'common.proto', schemaType: 'PROTOBUF', schema: '// common' },
      { name: 'customer.proto', schemaType: 'PROTOBUF', schema: '// customer' },
      { name: 'line.proto', schemaType: 'PROTOBUF', schema: '// line' },
    ]);
    const asked = s.requests.length;
    assert.equal(asked, 4, 'the shared import fetched once');
    await client.resolvedSchemaById(10);
    assert.equal(s.requests.length, asked, 'cached');
  } finally {
    await s.close();
  }
});

test('lookup and register: the bodies sent (no schemaType for Avro), the id answered, 404 as undefined', async () => {
  const s = await standIn((req) => {
    const sent = req.body ? (JSON.parse(req.body) as { schema?: string }) : {};
    if (req.url === '/subjects/orders-value' && sent.schema === '"known"') return { status: 200, json: { subject: 'orders-value', id: 21, version: 1, schema: '"known"' } };
    if (req.url === '/subjects/orders-value') return notFound(40403, 'Schema not found');
    if (req.url === '/subjects/nobody') return notFound(40401, 'Subject not found');
    if (req.url === '/subjects/orders-value/versions') return { status: 200, json: { id: 22 } };
    return { status: 422, json: { error_code: 42201, message: 'Invalid schema' } };
  });
  try {
    const client = new SchemaRegistryClient({ url: s.url });
    assert.equal(await client.lookup('orders-value', '"known"', 'AVRO'), 21);
    assert.deepEqual(JSON.parse(s.requests[0].body), { schema: '"known"' });
    assert.equal(s.requests[0].headers['content-type'], 'application/vnd.schemaregistry.v1+json');
    assert.equal(await client.lookup('orders-value', '"other"', 'AVRO'), undefined);
    assert.equal(await client.lookup('nobody', '"known"', 'AVRO'), undefined);
    const refs = [{ name: 'customer.proto', subject: 'customer', version: 3 }];
    assert.equal(await client.register('orders-value', 'syntax = "proto3";', 'PROTOBUF', refs), 22);
    assert.deepEqual(JSON.parse(s.requests[3].body), { schema: 'syntax = "proto3";', schemaType: 'PROTOBUF', references: refs });
    const refused = await rejection(client.register('other-value', '{', 'AVRO'));
    assert.equal(refused.kind, 'refused');
    assert.equal(refused.message, `the schema registry at ${s.host} answered 422: Invalid schema.`);
  } finally {
    await s.close();
  }
});

test('answers a client must not trust: more than 16 MB, not JSON, the wrong shape', async () => {
  const s = await standIn((req) => {
    if (req.url === '/schemas/ids/1') {
      return (res: http.ServerResponse) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        const mb = Buffer.alloc(1024 * 1024, 0x20);
        for (let i = 0; i < 17; i++) res.write(mb);
        res.end();
      };
    }
    if (req.url === '/schemas/ids/2') return { status: 200, text: '<html>proxy login</html>' };
    if (req.url === '/schemas/ids/3') return { status: 200, json: { schema: 42 } };
    if (req.url === '/schemas/ids/4') return { status: 200, json: { schema: '{}', schemaType: 'XML' } };
    return { status: 200, json: { not: 'a list' } };
  });
  try {
    const client = new SchemaRegistryClient({ url: s.url });
    const big = await rejection(client.schemaById(1));
    assert.equal(big.kind, 'bad-answer');
    assert.equal(big.message, `the schema registry at ${s.host} answered more than 16 MB, which is refused as no schema is that large.`);
    assert.equal((await rejection(client.schemaById(2))).message, `the schema registry at ${s.host} answered something other than JSON.`);
    assert.equal((await rejection(client.schemaById(3))).kind, 'bad-answer');
    assert.match((await rejection(client.schemaById(4))).message, /of type "XML", which is neither AVRO, PROTOBUF nor JSON\.$/);
    assert.equal((await rejection(client.subjects())).kind, 'bad-answer');
    await client.schemaById(3).catch(() => undefined);
    assert.equal(s.requests.filter((r) => r.url === '/schemas/ids/3').length, 2, 'a failure other than "not found" is not cached');
  } finally {
    await s.close();
  }
});

test('a 6 MB schema (issue 23 names it among the bad input) is read whole', async () => {
  const doc = 'd'.repeat(6 * 1024 * 1024);
  const schema = JSON.stringify({ type: 'record', name: 'Big', doc, fields: [] });
  const s = await standIn(() => ({ status: 200, json: { schema } }));
  try {
    const big = await new SchemaRegistryClient({ url: s.url }).schemaById(5);
    assert.equal(big.schema.length, schema.length);
    assert.equal(big.schema, schema);
  } finally {
    await s.close();
  }
});

test('TLS: a self-signed certificate is one sentence, accepted with its CA given or with checking off', async () => {
  // A throwaway certificate for 127.0.0.1 (test/fixtures/tls/README.md), read from the sources, not out/.
  const tls = resolve(__dirname, '../../../../test/fixtures/tls');
  const cert = readFileSync(resolve(tls, 'standin-127.0.0.1.cert.pem'));
  const key = readFileSync(resolve(tls, 'standin-127.0.0.1.key.pem'));
  let answered = 0;
  const server = https.createServer({ cert, key }, (_req, res) => {
    answered++;
    res.writeHead(200, { 'Content-Type': 'application/vnd.schemaregistry.v1+json' });
    res.end('["orders-value"]');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const untrusted = await rejection(new SchemaRegistryClient({ url: `https://${host}` }).subjects());
    assert.equal(untrusted.kind, 'unreachable');
    assert.equal(untrusted.message, `the schema registry at ${host} does not answer (its TLS certificate is self-signed and not trusted).`);
    assert.equal(answered, 0);
    assert.deepEqual(await new SchemaRegistryClient({ url: `https://${host}`, ca: cert }).subjects(), ['orders-value']);
    assert.deepEqual(await new SchemaRegistryClient({ url: `https://${host}`, ca: cert.toString('utf8') }).subjects(), ['orders-value']);
    assert.deepEqual(await new SchemaRegistryClient({ url: `https://${host}`, rejectUnauthorized: false }).subjects(), ['orders-value']);
    assert.equal(answered, 3);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  }
});

test('a URL that is not http(s) is one sentence that does not repeat the URL', () => {
  assert.throws(
    () => new SchemaRegistryClient({ url: 'ftp://u:secret@host/x' }),
    (err: unknown) => err instanceof RegistryError && err.message === 'the schema registry URL is not an http:// or https:// URL.',
  );
  assert.throws(() => new SchemaRegistryClient({ url: 'not a url' }), RegistryError);
});

test('tryAgainNow (a person\'s Retry) ends the cool-down: the next call asks the registry at once', async () => {
  const port = await closedPort();
  const now = 7_000_000; // the clock stands still: only tryAgainNow can end the cool-down
  const client = new SchemaRegistryClient({ url: `http://127.0.0.1:${port}` }, { now: () => now });
  const refused = await rejection(client.subjects());
  const s = await standIn(() => ({ status: 200, json: ['orders-value'] }), port);
  try {
    assert.equal(await rejection(client.subjects()), refused, 'within the cool-down, the remembered failure');
    assert.equal(s.requests.length, 0);
    client.tryAgainNow();
    assert.deepEqual(await client.subjects(), ['orders-value']);
    assert.equal(s.requests.length, 1);
  } finally {
    await s.close();
  }
});
