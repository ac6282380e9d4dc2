// Our Fetch and ListOffsets encoders (src/core/kafka/protocol/fetchRequestEncoder.ts, listOffsetsRequest.ts)
// held to kafkajs's own encoders byte for byte, at every version we encode; and our ListOffsets
// decoder to kafkajs's reading of the same answer. The real-broker tiers send them for real.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { requests } from 'kafkajs/src/protocol/requests';
import Encoder from 'kafkajs/src/protocol/encoder';
import { encodeFetchRequest, FETCH_OURS_NEWEST, FETCH_OURS_OLDEST, type FetchRequestBody } from '../../src/core/kafka/protocol/fetchRequestEncoder';
import { decodeListOffsetsResponse, decodeListOffsetsV7Response, encodeListOffsetsRequest, encodeListOffsetsV7Request, LIST_OFFSETS_NEWEST, LIST_OFFSETS_OLDEST_OURS } from '../../src/core/kafka/listOffsetsRequest';
import { FlexibleWriter } from '../../src/core/kafka/protocol/flexibleCodec';

type Protocol = (args: object) => { request: { encode: () => Promise<{ buffer: Buffer }> }; response: { decode: (b: Buffer) => Promise<unknown> } };
const definitions = (name: string) => requests[name] as { protocol: (o: { version: number }) => Protocol };

const body: FetchRequestBody = {
  maxWaitTime: 500,
  minBytes: 1,
  maxBytes: 52_428_800,
  isolationLevel: 1,
  topics: [
    { topic: 'orders', partitions: [0, 1, 7].map((partition) => ({ partition, fetchOffset: String(partition * 1000), maxBytes: 1_048_576 })) },
    { topic: 'bestellungen-ü', partitions: [{ partition: 3, fetchOffset: '9007199254740993', maxBytes: 65_536 }] },
    { topic: 'empty', partitions: [] },
  ],
};

test('Fetch v4–v11: the same bytes as kafkajs encodes', async () => {
  for (let version = FETCH_OURS_OLDEST; version <= FETCH_OURS_NEWEST; version++) {
    const theirs = await definitions('Fetch').protocol({ version })({ replicaId: -1, ...body }).request.encode();
    assert.deepEqual(encodeFetchRequest(version, body), theirs.buffer, `Fetch v${version}`);
  }
  assert.throws(() => encodeFetchRequest(3, body), /Fetch v3 is not encoded here/);
});

const asked = [
  { topic: 'orders', partitions: [0, 1, 2].map((partition) => ({ partition, timestamp: partition === 2 ? 1_764_000_000_000 : -1 - partition })) },
  { topic: 'ü', partitions: [{ partition: 19_999, timestamp: -1 }] },
];

test('ListOffsets v1–v3: the same bytes as kafkajs encodes', async () => {
  for (let version = LIST_OFFSETS_OLDEST_OURS; version <= LIST_OFFSETS_NEWEST; version++) {
    const theirs = await definitions('ListOffsets')
      .protocol({ version })({ replicaId: -1, isolationLevel: 1, topics: asked.map((t) => ({ topic: t.topic, partitions: t.partitions.map((p) => ({ partition: p.partition, timestamp: String(p.timestamp) })) })) })
      .request.encode();
    assert.deepEqual(encodeListOffsetsRequest(version, 1, asked), theirs.buffer, `ListOffsets v${version}`);
  }
});

test('ListOffsets v1–v3 answers: read as kafkajs reads them, offsets beyond 2^32 and errors kept per partition', async () => {
  for (let version = LIST_OFFSETS_OLDEST_OURS; version <= LIST_OFFSETS_NEWEST; version++) {
    const e = new Encoder();
    if (version >= 2) e.writeInt32(12); // throttle_time_ms
    e.writeInt32(2);
    e.writeString('orders').writeInt32(2);
    e.writeInt32(0).writeInt16(0).writeInt64(-1).writeInt64('6000000000');
    e.writeInt32(1).writeInt16(6).writeInt64('1764000000000').writeInt64(-1);
    e.writeString('ü').writeInt32(1);
    e.writeInt32(5).writeInt16(0).writeInt64(-1).writeInt64(42);
    const ours = decodeListOffsetsResponse(e.buffer, version);
    const theirs = (await definitions('ListOffsets').protocol({ version })({ topics: [] }).response.decode(e.buffer)) as { responses: { topic: string; partitions: { partition: number; errorCode: number; timestamp: string; offset: string }[] }[] };
    assert.equal(ours.clientSideThrottleTime, version >= 2 ? 12 : 0);
    assert.deepEqual(
      ours.offsets,
      theirs.responses.flatMap((r) => r.partitions.map((p) => ({ topic: r.topic, partition: p.partition, errorCode: p.errorCode, timestamp: Number(p.timestamp), offset: Number(p.offset) }))),
      `ListOffsets v${version}`,
    );
    assert.deepEqual(ours.offsets.map((o) => o.offset), [6_000_000_000, -1, 42]);
    assert.throws(() => decodeListOffsetsResponse(e.buffer.subarray(0, e.buffer.length - 3), version), /ListOffsets answer ends early/);
  }
});

// ListOffsets v7 (MAX_TIMESTAMP) has no kafkajs encoder: held to the schema written out with our
// flexible writer (compact arrays and strings, tagged fields), lengths long enough for two-byte varints.
const int64Of = (w: FlexibleWriter, value: number) => w.int32(Math.floor(value / 0x1_0000_0000)).int32(value % 0x1_0000_0000 | 0);
test('ListOffsets v7: request header tagged fields, replica, isolation, compact topics of partitions with leader epoch -1', () => {
  const topics = [
    { topic: 'x'.repeat(150), partitions: Array.from({ length: 200 }, (_, partition) => ({ partition, timestamp: -3 })) },
    { topic: 'ü', partitions: [{ partition: 19_999, timestamp: 1_764_000_000_123 }] },
  ];
  const expected = new FlexibleWriter()
    .noTaggedFields()
    .int32(-1)
    .int8(1)
    .compactArray(topics, (w, t) => {
      w.compactString(t.topic).compactArray(t.partitions, (pw, p) => int64Of(pw.int32(p.partition).int32(-1), p.timestamp).noTaggedFields());
      w.noTaggedFields();
    })
    .noTaggedFields()
    .bytes();
  assert.deepEqual(encodeListOffsetsV7Request(1, topics), expected);
});

test('ListOffsets v7 answers: timestamps and offsets as numbers, errors kept per partition, tagged fields skipped', () => {
  const answer = new FlexibleWriter()
    .uvarint(1) // a response header tagged field a newer broker might add: tag 0, two bytes
    .uvarint(0)
    .uvarint(2)
    .int8(0xaa)
    .int8(0xbb)
    .int32(0)
    .compactArray(['orders'], (w, topic) => {
      w.compactString(topic);
      w.compactArray([0, 1], (pw, partition) => {
        pw.int32(partition).int16(partition === 0 ? 0 : 6);
        int64Of(pw, partition === 0 ? 1_764_000_000_456 : -1);
        int64Of(pw, partition === 0 ? 5_000_000_000 : -1);
        pw.int32(7).noTaggedFields();
      });
      w.noTaggedFields();
    })
    .noTaggedFields()
    .bytes();
  assert.deepEqual(decodeListOffsetsV7Response(answer), {
    clientSideThrottleTime: 0,
    offsets: [
      { topic: 'orders', partition: 0, errorCode: 0, timestamp: 1_764_000_000_456, offset: 5_000_000_000 },
      { topic: 'orders', partition: 1, errorCode: 6, timestamp: -1, offset: -1 },
    ],
  });
  assert.throws(() => decodeListOffsetsV7Response(answer.subarray(0, answer.length - 3)), /Malformed response/);
});
