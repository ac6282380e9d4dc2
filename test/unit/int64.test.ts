// Kafka's int64 fields read and written as numbers through two int32 halves (src/core/kafka/protocol/int64.ts),
// held to Node's BigInt reads and writes over the values offsets and timestamps take.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readInt64, writeInt64 } from '../../src/core/kafka/protocol/int64';

const VALUES = [0, 1, -1, -2, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 1, -(2 ** 32), -(2 ** 32) - 1, 1_733_380_000_000, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER];

describe('int64 as numbers', () => {
  test('writeInt64 writes the bytes writeBigInt64BE writes', () => {
    for (const value of VALUES) {
      const ours = Buffer.alloc(10);
      const theirs = Buffer.alloc(10);
      assert.equal(writeInt64(ours, value, 1), 9);
      theirs.writeBigInt64BE(BigInt(value), 1);
      assert.deepEqual(ours, theirs, String(value));
    }
  });

  test('readInt64 reads what writeBigInt64BE wrote', () => {
    for (const value of VALUES) {
      const buffer = Buffer.alloc(8);
      buffer.writeBigInt64BE(BigInt(value));
      assert.equal(readInt64(buffer, 0), value);
    }
  });
});
