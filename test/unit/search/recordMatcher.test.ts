// The matcher decides on the raw bytes of a record: every criterion given must hold.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { recordMatcher } from '../../../src/core/search/recordMatcher';
import type { SearchCriteria } from '../../../src/core/search/searchCriteria';
import type { RawRecord } from '../../../src/core/clusterAccess';
import { NO_HEADERS } from '../../../src/core/clusterAccess';
import { aRecord } from '../support/recordBuilders';

const order = aRecord(7).key('customer-7').value('{"order":31,"status":"failed","items":[1,2,3]}').header('source', 'web').build();
const other = aRecord(8).key('customer-8').value('{"order":12,"status":"ok"}').header('source', 'batch').build();
const plain = aRecord(9).key('customer-77').value('not json at all, customer-7').build();
const binary = aRecord(10).key(Buffer.from([0xff, 0x00, 0x01])).value(Buffer.from([0x80, 0x81])).build();
const noKey = aRecord(11).key(null).value(null).build();
const all = [order, other, plain, binary, noKey];

function found(criteria: SearchCriteria, records: RawRecord[] = all, partition = 0): number[] {
  const matches = recordMatcher(criteria);
  return records.filter((r) => matches(r, partition)).map((r) => r.offset);
}

describe('record matcher', () => {
  test('no criteria: every record', () => assert.deepEqual(found({}), [7, 8, 9, 10, 11]));

  test('key: exactly, not as a prefix', () => {
    assert.deepEqual(found({ key: 'customer-7' }), [7]);
    assert.deepEqual(found({ key: 'customer' }), []);
  });

  test('key contains: a substring of the key bytes; a record without a key never matches', () => {
    assert.deepEqual(found({ keyContains: 'customer-7' }), [7, 9]);
    assert.deepEqual(found({ keyContains: '-8' }), [8]);
  });

  test('value contains: a substring of the value, in JSON and plain text alike', () => {
    assert.deepEqual(found({ valueContains: 'customer-7' }), [9]);
    assert.deepEqual(found({ valueContains: '"status":"failed"' }), [7]);
    assert.deepEqual(found({ valueContains: 'status' }), [7, 8]);
  });

  test('texts are UTF-8 bytes: a multi-byte needle matches its bytes', () => {
    const accented = aRecord(1).key('clé').value('naïve café').build();
    assert.deepEqual(found({ key: 'clé', valueContains: 'café' }, [accented, order]), [1]);
  });

  test('header: by name, or by name and exact value; repeated headers match any of their values', () => {
    const repeated: RawRecord = { ...aRecord(12).build(), headers: { source: [Buffer.from('a'), Buffer.from('web')] } };
    const records = [...all, repeated];
    assert.deepEqual(found({ header: { name: 'source' } }, records), [7, 8, 12]);
    assert.deepEqual(found({ header: { name: 'source', value: 'web' } }, records), [7, 12]);
    assert.deepEqual(found({ header: { name: 'source', value: 'we' } }, records), []);
  });

  test('header names are looked up as data: toString, constructor or __proto__ are just names', () => {
    const withProto: RawRecord = { ...aRecord(13).build(), headers: JSON.parse('{"__proto__":"x"}') as RawRecord['headers'] };
    withProto.headers['__proto__'] = Buffer.from('x');
    for (const name of ['toString', 'constructor', '__proto__']) assert.deepEqual(found({ header: { name } }, [order, noKey]), [], name);
    assert.deepEqual(found({ header: { name: '__proto__', value: 'x' } }, [withProto, order]), [13]);
    const frozenNone: RawRecord = { ...aRecord(14).build(), headers: NO_HEADERS };
    assert.deepEqual(found({ header: { name: 'toString' } }, [frozenNone]), []);
  });

  test('every criterion given must hold', () => {
    assert.deepEqual(found({ keyContains: 'customer-7', valueContains: 'failed' }), [7]);
    assert.deepEqual(found({ key: 'customer-8', header: { name: 'source', value: 'web' } }), []);
    assert.deepEqual(found({ key: 'customer-7', where: 'value.order > 30', header: { name: 'source' } }), [7]);
  });

  test('where: a field expression on the JSON value', () => {
    assert.deepEqual(found({ where: 'value.order >= 30 && value.status == "failed"' }), [7]);
    assert.deepEqual(found({ where: 'value.order < 30' }), [8]);
    assert.deepEqual(found({ where: 'value.items.exists(i, i == 2)' }), [7]);
    assert.deepEqual(found({ where: 'value.status.startsWith("f") || value.status == "ok"' }), [7, 8]);
  });

  test('where: a value that is not JSON (text, binary, none) simply does not match', () => {
    assert.deepEqual(found({ where: 'true' }), [7, 8, 9, 10, 11]);
    assert.deepEqual(found({ where: 'value != null' }), [7, 8]);
    assert.deepEqual(found({ where: 'value == value' }), [7, 8]);
  });

  test('where: a field missing from a value is no match, not an error', () => {
    assert.deepEqual(found({ where: 'value.customer.name == "x"' }), []);
    assert.deepEqual(found({ where: 'has(value.items)' }), [7]);
    assert.deepEqual(found({ where: 'value.order > "text"' }), []);
  });

  test('where: key, headers, partition, offset and timestamp', () => {
    assert.deepEqual(found({ where: 'key == "customer-8"' }), [8]);
    assert.deepEqual(found({ where: 'key.endsWith("-77")' }), [9]);
    assert.deepEqual(found({ where: 'headers.source == "batch"' }), [8]);
    assert.deepEqual(found({ where: '"source" in headers' }), [7, 8]);
    assert.deepEqual(found({ where: 'offset >= 10' }), [10, 11]);
    assert.deepEqual(found({ where: `timestamp == ${order.timestamp}` }), [7]);
    assert.deepEqual(found({ where: 'partition == 3' }, all, 3), [7, 8, 9, 10, 11]);
    assert.deepEqual(found({ where: 'partition == 3' }, all, 2), []);
  });

  test('where: an expression that reads no value matches records whose value is not JSON', () => {
    assert.deepEqual(found({ where: 'offset == 10' }), [10]);
  });

  test('where: a JSON value that is not an object (a number, a string, a list)', () => {
    const scalars = [aRecord(1).value('42').build(), aRecord(2).value('"failed"').build(), aRecord(3).value('[1,2]').build()];
    assert.deepEqual(found({ where: 'value == 42' }, scalars), [1]);
    assert.deepEqual(found({ where: 'value == "failed"' }, scalars), [2]);
    assert.deepEqual(found({ where: 'size(value) == 2' }, scalars), [3]);
  });

  test('where: a JSON value with a __proto__ key stays data', () => {
    const tricky = aRecord(1).value('{"__proto__":{"admin":true},"admin":false}').build();
    assert.deepEqual(found({ where: 'value.admin == false' }, [tricky]), [1]);
    assert.deepEqual(found({ where: 'value.__proto__.admin == true' }, [tricky]), [1]);
  });
});
