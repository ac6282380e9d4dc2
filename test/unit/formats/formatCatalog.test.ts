// The record formats exist once, in core (src/core/formats/formatCatalog.ts): name, one-line detail,
// and for a format without a schema its decode and encode. package.json's `eventBroker.recordFormats`
// (the static manifest VS Code validates settings with, and shows as each format's description)
// holds the names and details twice, for keyFormat and valueFormat: both must say exactly what the
// table says, in its order. ebx's choices, RecordDecoder and the encoders take the table itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, type Option } from 'commander';
import { FIELD_FORMATS, FORMAT_CATALOG, formatEntry, isSchemaFormat, SCHEMA_FORMATS_TEXT, type FieldFormatName } from '../../../src/core/formats/formatCatalog';
import { encoderOf, SETTING_WORDS } from '../../../src/core/formats/fieldEncoders';
import { RecordDecoder } from '../../../src/core/formats/recordDecoder';
import { addFormatOptions } from '../../../src/cli/formatOptions';

interface EnumProperty {
  type: string;
  enum: string[];
  enumDescriptions: string[];
  default: string;
}

const manifest = JSON.parse(readFileSync(join(__dirname, '../../../../package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, { items: { properties: Record<string, EnumProperty> } }> } };
};
const ruleProperties = manifest.contributes.configuration.properties['eventBroker.recordFormats'].items.properties;

test("package.json's keyFormat and valueFormat list exactly the table's formats, in order, with its details", () => {
  const names = FORMAT_CATALOG.map((entry) => entry.name);
  const details = FORMAT_CATALOG.map((entry) => entry.detail);
  for (const property of ['keyFormat', 'valueFormat']) {
    const declared = ruleProperties[property];
    const expected = `\n"enum": ${JSON.stringify(names, null, 2)},\n"enumDescriptions": ${JSON.stringify(details, null, 2)}\n`;
    assert.deepEqual(declared.enum, names, `${property}: package.json's enum is not the table's (src/core/formats/formatCatalog.ts); it should be:${expected}`);
    assert.deepEqual(declared.enumDescriptions, details, `${property}: package.json's enumDescriptions are not the table's details; they should be:${expected}`);
    assert.equal(declared.type, 'string', property);
    assert.equal(declared.default, 'auto', property);
  }
});

test('each format has one name and a detail of one sentence', () => {
  assert.equal(new Set(FIELD_FORMATS).size, FORMAT_CATALOG.length, 'names are unique');
  assert.deepEqual(FIELD_FORMATS, FORMAT_CATALOG.map((entry) => entry.name));
  for (const { name, detail } of FORMAT_CATALOG) {
    assert.match(name, /^[a-z][a-z0-9-]*$/, name);
    assert.match(detail, /^[A-Z][^\n]*\.$/, `${name}: "${detail}" is one sentence`);
    assert.equal(formatEntry(name).name, name);
  }
  assert.equal(FORMAT_CATALOG[0].name, 'auto', 'auto comes first: it is the default');
  assert.deepEqual(FIELD_FORMATS.filter(isSchemaFormat), ['avro', 'protobuf', 'json-schema']);
  assert.equal(SCHEMA_FORMATS_TEXT, 'avro, protobuf or json-schema');
});

test("ebx's --key-format and --value-format offer the table's formats, in order", () => {
  const command = addFormatOptions(new Command('replay'));
  const option = (flag: string) => command.options.find((o: Option) => o.long === flag)!;
  for (const flag of ['--key-format', '--value-format']) assert.deepEqual(option(flag).argChoices, FIELD_FORMATS, flag);
  assert.equal(option('--key-format').description, 'how keys are read (default: auto: text or bytes, and the Confluent wire format when a registry is given)');
  assert.equal(option('--value-format').description, 'how values are read (default: auto: text or bytes, and the Confluent wire format when a registry is given)');
});

test('RecordDecoder reads each format without a schema with its entry: the value and a plain label, or the one sentence it threw', () => {
  const samples = [Buffer.from('{"a":1}'), Buffer.from('ffffff85', 'hex'), Buffer.from('3ff0000000000000', 'hex'), Buffer.from('0f8fad5bd9cb469fa16570867728950e', 'hex')];
  const outcomes: Record<string, string> = {};
  for (const entry of FORMAT_CATALOG) {
    if (entry.kind !== 'scalar') continue;
    const decoder = new RecordDecoder({ key: { format: entry.name }, value: { format: entry.name } });
    const seen: string[] = [];
    for (const bytes of samples) {
      let expected;
      try {
        expected = { ok: true, value: entry.decode(bytes), schema: { format: entry.name, id: null, name: null } };
        seen.push('read');
      } catch (err) {
        expected = { ok: false, error: (err as Error).message };
        seen.push('failed');
      }
      assert.deepEqual(decoder.readValue(bytes), expected, `${entry.name} ${bytes.toString('hex')}`);
      assert.deepEqual(decoder.readKey(bytes), expected, `${entry.name} key ${bytes.toString('hex')}`);
    }
    outcomes[entry.name] = seen.join(' ');
  }
  // The samples reach both ways of every format here: JSON text, then 4, 8 and 16 bytes.
  const pinned = {
    string: 'read read read read',
    json: 'read failed failed failed',
    bytes: 'read read read read',
    int32: 'failed read failed failed',
    int64: 'failed failed read failed',
    double: 'failed failed read failed',
    uuid: 'failed failed failed read',
  };
  for (const [name, expected] of Object.entries(pinned)) assert.equal(outcomes[name], expected, name);
});

test('the encoders of the formats without a schema, as produce and its plans name them', async () => {
  const pinned: Record<string, [string, string, string] | undefined> = {
    string: undefined,
    json: ['json', 'json', 'JSON'],
    bytes: ['bytes from base64', 'bytes from base64', 'base64'],
    int32: ['int32', 'int32 (4 bytes, big-endian)', 'a number'],
    int64: ['int64', 'int64 (8 bytes, big-endian)', 'a number'],
    double: ['double', 'double (8 bytes, big-endian)', 'a number'],
    uuid: ['uuid', 'uuid (16 bytes)', 'a UUID'],
  };
  for (const [name, expected] of Object.entries(pinned)) {
    const encoder = await encoderOf('value', { format: name as FieldFormatName }, { topic: 'orders', words: SETTING_WORDS });
    assert.deepEqual(encoder && [encoder.describe, encoder.encoding, encoder.input], expected, name);
  }
  assert.equal(await encoderOf('value', { format: 'auto' }, { topic: 'orders', words: SETTING_WORDS }), undefined);
});
