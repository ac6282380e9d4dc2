// Schemas and payloads as attacks (issue 39, items 3, 11, 12 and 17): a .proto import never leaves
// its root and nothing outside is read or echoed; a JSON Schema `pattern` cannot backtrack for
// minutes and a big `enum` compiles in linear time; a schema file named by a symlink to /dev/zero or
// a FIFO is one sentence; bytes that are not Avro say "truncated buffer", never JavaScript's words.
// What could hang runs in a child with a deadline (a synchronous hang would freeze the test process).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadSchemaFile } from '../../../src/core/formats/schemaFiles';
import { avroCodec } from '../../../src/core/formats/avroCodec';
import { jsonSchemaCodec } from '../../../src/core/formats/jsonSchemaCodec';
import { FormatError } from '../../../src/core/formats/formatTypes';
import { evaluateIsolated } from '../support/isolated';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ebx-hostile-schemas-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));

function write(relative: string, text: string): string {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

/** The FormatError loadSchemaFile throws, as its message. */
function loadError(file: string, options: Parameters<typeof loadSchemaFile>[1] = {}): string {
  try {
    loadSchemaFile(file, options);
  } catch (err) {
    assert.ok(err instanceof FormatError, `a FormatError, not ${String(err)}`);
    assert.match(err.message, /^[^\n]+\.$/, 'one sentence');
    return err.message;
  }
  assert.fail(`${file} loaded`);
}

/** A file outside every schema folder, shaped like /etc/shadow: its first token must never show. */
const SECRET = write('secret/shadow', 'root:$6$saltsalt$hash:19000:0:99999:7:::\n');
const importing = (target: string) => `syntax = "proto3";\nimport "${target}";\nmessage A { int32 x = 1; }\n`;

test('a .proto import that climbs out with ".." is refused by name, never read', () => {
  const file = write('protos/shop/orders/order.proto', importing('../../../secret/shadow'));
  const message = loadError(file);
  assert.equal(
    message,
    'order.proto imports "../../../secret/shadow", which is refused: it climbs out with ".."; imports are read only from the schema\'s folder and the folders under it (nothing was read).',
  );
  assert.doesNotMatch(message, /root|saltsalt/, 'nothing of the file is echoed');
  // The workspace as root: still refused, even though the target is inside the root.
  assert.match(loadError(file, { importRoot: root }), /imports "\.\.\/\.\.\/\.\.\/secret\/shadow", which is refused: it climbs out with "\.\."; imports are read only from the workspace folder/);
});

test('an absolute .proto import is refused by name', () => {
  const file = write('protos/abs.proto', importing(SECRET));
  assert.match(loadError(file), /^abs\.proto imports ".*secret\/shadow", which is refused: it is not a relative path with forward slashes; /);
});

test('a .proto import is looked for up to the root only: a file above it is not found (and not read)', () => {
  // Without a root, only the schema's own folder (and under it): the file two folders up is not looked at.
  const file = write('protos/shop/orders/up.proto', importing('secret/shadow'));
  assert.equal(loadError(file), 'up.proto imports secret/shadow, which cannot be found.');
  // With the workspace as root, imports resolve anywhere under it, walking up from the schema.
  write('protos/common/money.proto', 'syntax = "proto3";\npackage common;\nmessage Money { int64 cents = 1; }\n');
  const inRoot = write('protos/shop/orders/paid.proto', 'syntax = "proto3";\nimport "common/money.proto";\nmessage Paid { common.Money m = 1; }\n');
  assert.equal(loadSchemaFile(inRoot, { importRoot: path.join(root, 'protos') }).label.name, 'Paid');
  assert.equal(loadError(inRoot), 'paid.proto imports common/money.proto, which cannot be found.');
  assert.equal(loadError(file, { importRoot: path.join(root, 'protos') }), 'up.proto imports secret/shadow, which cannot be found.');
});

test('a .proto import through a symlink that leads out of the root is refused, not read', () => {
  fs.symlinkSync(SECRET, path.join(root, 'protos/shop/orders/shadow.proto'));
  const file = write('protos/shop/orders/linked.proto', importing('shadow.proto'));
  const message = loadError(file);
  assert.match(message, /^linked\.proto imports "shadow\.proto", which is refused: its symbolic link leads out of the schema's folder; /);
  assert.doesNotMatch(message, /root|saltsalt/);
});

test('a schema file that is a symlink to /dev/zero, or a FIFO, is one sentence at once (the size cap does not trust the reported size)', { timeout: 30_000 }, () => {
  fs.symlinkSync('/dev/zero', path.join(root, 'zero.avsc'));
  execFileSync('mkfifo', [path.join(root, 'pipe.proto')]);
  for (const [name, why] of [
    ['zero.avsc', 'it is a device, not a regular file'],
    ['pipe.proto', 'it is a FIFO (a named pipe), not a regular file'],
  ]) {
    const run = evaluateIsolated('core/formats/schemaFiles', `m.loadSchemaFile(${JSON.stringify(path.join(root, name))}).label`);
    assert.equal(run.timedOut, false, `loading ${name} did not end`);
    assert.deepEqual(run.error, { name: 'FormatError', message: `cannot read ${name}: ${why}.` });
  }
  // An import that is a FIFO: refused by the same reader, not waited on.
  fs.mkdirSync(path.join(root, 'fifo-import'));
  execFileSync('mkfifo', [path.join(root, 'fifo-import/dep.proto')]);
  const importer = write('fifo-import/main.proto', importing('dep.proto'));
  const run = evaluateIsolated('core/formats/schemaFiles', `m.loadSchemaFile(${JSON.stringify(importer)}).label`);
  assert.equal(run.timedOut, false, 'a FIFO import did not end');
  assert.equal(run.error?.message, 'main.proto imports dep.proto, which cannot be found.');
});

const CATASTROPHIC = { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+b$' } } };

test('a JSON Schema pattern runs in linear time: ^(a+)+b$ on 40 a\'s answers at once', { timeout: 30_000 }, () => {
  const value = JSON.stringify({ s: `${'a'.repeat(40)}c` });
  const run = evaluateIsolated('core/formats/jsonSchemaCodec', `m.jsonSchemaCodec(${JSON.stringify(CATASTROPHIC)}, { id: null }).decode(Buffer.from(${JSON.stringify(value)}))`);
  assert.equal(run.timedOut, false, 'the pattern backtracked past the deadline');
  assert.deepEqual(run.error, { name: 'FormatError', message: 'the value does not fit the JSON Schema: /s must match pattern "^(a+)+b$".' });
  const props = { type: 'object', patternProperties: { '^(a+)+$': { type: 'number' } } };
  const key = JSON.stringify({ [`${'a'.repeat(40)}!`]: 'x', aa: 'y' });
  const viaProperties = evaluateIsolated('core/formats/jsonSchemaCodec', `m.jsonSchemaCodec(${JSON.stringify(props)}, { id: null }).decode(Buffer.from(${JSON.stringify(key)}))`);
  assert.equal(viaProperties.timedOut, false, 'patternProperties backtracked past the deadline');
  assert.deepEqual(viaProperties.error, { name: 'FormatError', message: 'the value does not fit the JSON Schema: /aa must be number.' });
});

test('JSON Schema patterns keep their meaning, and one that needs backtracking is refused in one sentence', () => {
  const codec = jsonSchemaCodec({ type: 'string', pattern: '^\\d{3}-[\\p{L}]+$' }, { id: null });
  assert.equal(codec.decode(Buffer.from('"123-é"')), '123-é');
  assert.throws(() => codec.decode(Buffer.from('"12-x"')), /must match pattern/);
  assert.throws(
    () => jsonSchemaCodec({ type: 'string', pattern: '^(?=.*\\d)' }, { id: null }),
    (err: unknown) =>
      err instanceof FormatError &&
      err.message.startsWith('the JSON Schema does not compile: the pattern "^(?=.*\\\\d)" needs a backtracking engine (') &&
      err.message.endsWith('patterns run in linear time here, without lookarounds or backreferences.'),
  );
});

test('a JSON Schema enum of 100,000 entries compiles without the quadratic uniqueness check', { timeout: 30_000 }, () => {
  const expression = `(() => {
    const codec = m.jsonSchemaCodec({ enum: Array.from({ length: 100000 }, (_, i) => 'v' + i) }, { id: null });
    return [codec.decode(Buffer.from('"v99999"')), (() => { try { codec.decode(Buffer.from('"w"')); return 'read'; } catch (e) { return e.message; } })()];
  })()`;
  for (const draft of ['', 'draft-06']) {
    const run = evaluateIsolated('core/formats/jsonSchemaCodec', draft ? expression.replace('{ enum:', `{ $schema: 'http://json-schema.org/${draft}/schema#', enum:`) : expression);
    assert.equal(run.timedOut, false, `compiling the enum (${draft || 'draft-07'}) did not end in time`);
    assert.deepEqual(run.value, ['v99999', 'the value does not fit the JSON Schema: / must be equal to one of the allowed values.']);
  }
  // The meta-schema still checks everything else about an enum.
  assert.throws(() => jsonSchemaCodec({ enum: [] }, { id: null }), /does not compile: schema is invalid: data\/enum must NOT have fewer than 1 items/);
  assert.throws(() => jsonSchemaCodec({ enum: 'x' }, { id: null }), /does not compile: schema is invalid: data\/enum must be array/);
});

const PAYMENT = {
  type: 'record',
  name: 'Payment',
  namespace: 'demo.shop',
  fields: [
    { name: 'order', type: 'int' },
    { name: 'customer', type: 'string' },
    { name: 'amount', type: { type: 'bytes', logicalType: 'decimal', precision: 10, scale: 2 } },
    { name: 'currency', type: { type: 'enum', name: 'Currency', symbols: ['EUR', 'USD', 'GBP'] } },
    { name: 'paidAt', type: { type: 'long', logicalType: 'timestamp-millis' } },
    { name: 'day', type: { type: 'int', logicalType: 'date' } },
    { name: 'ratio', type: 'double' },
    { name: 'raw', type: 'bytes' },
    { name: 'card', type: ['null', 'string', { type: 'record', name: 'Card', fields: [{ name: 'last4', type: 'string' }] }], default: null },
  ],
};

/** What JavaScript says when code meets a value it did not expect: never part of a sentence for the user. */
const JAVASCRIPT_WORDS = /Cannot read properties|Cannot convert|undefined|is not a function|is not iterable|BigInt|RangeError|TypeError|Invalid array length/;

test('a JSON value read as Avro is "truncated buffer", not a JavaScript error', () => {
  const codec = avroCodec(PAYMENT, { id: null });
  assert.throws(
    () => codec.decode(Buffer.from('{"order":1,"customer":"ann","amount":"12.34"}')),
    (err: unknown) => err instanceof FormatError && err.message === 'the value does not read as Avro demo.shop.Payment: truncated buffer.',
  );
});

test('every cut-short Avro record, before a decimal, a timestamp-millis, a date, a double, bytes or a union, says "truncated buffer."', () => {
  const codec = avroCodec(PAYMENT, { id: null });
  const whole = codec.encode({ order: 7, customer: 'ann', amount: '12.34', currency: 'USD', paidAt: '2026-12-04T03:04:05.678Z', day: '2026-12-04', ratio: 0.5, raw: { base64: 'AQI=' }, card: { last4: '1234' } });
  const said = new Set<string>();
  for (let end = 0; end < whole.length; end++) {
    try {
      codec.decode(whole.subarray(0, end));
      assert.fail(`${end} of ${whole.length} bytes read as a record`);
    } catch (err) {
      assert.ok(err instanceof FormatError, `a FormatError at ${end} bytes, not ${String(err)}`);
      said.add(err.message);
    }
  }
  assert.deepEqual([...said], ['the value does not read as Avro demo.shop.Payment: truncated buffer.']);
});

test('random bytes read as Avro are one sentence each, never JavaScript\'s words', () => {
  const codec = avroCodec(PAYMENT, { id: null });
  let seed = 39;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 3000; i++) {
    const bytes = Buffer.from(Array.from({ length: 1 + Math.floor(next() * 48) }, () => Math.floor(next() * 256)));
    try {
      codec.decode(bytes);
    } catch (err) {
      assert.ok(err instanceof FormatError, `a FormatError for ${bytes.toString('hex')}, not ${String(err)}`);
      assert.doesNotMatch(err.message, JAVASCRIPT_WORDS, `for ${bytes.toString('hex')}`);
      assert.match(err.message, /^the value does not read as Avro demo\.shop\.Payment: [^\n]+\.$/);
    }
  }
});
