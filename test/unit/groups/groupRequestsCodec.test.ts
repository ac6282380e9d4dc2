// ListGroups v3–v5 and ConsumerGroupDescribe v0–v1, encoded and decoded by us (kafkajs 2.2.4 has
// neither), checked against bytes written out by hand field by field from Kafka's schemas
// (ListGroupsRequest/Response.json, ConsumerGroupDescribeRequest/Response.json; as printed by the
// 4.4.0 client's generated *Data.SCHEMA_n): compact strings and arrays are length + 1 as an
// unsigned varint, every structure ends in tagged fields, flexible requests carry header v2's
// tagged fields right after the client id, and responses header v1's right after the correlation id.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeListGroupsResponse, encodeListGroupsRequest } from '../../../src/core/kafka/protocol/listGroupsRequest';
import { decodeConsumerGroupDescribeResponse, encodeConsumerGroupDescribeRequest } from '../../../src/core/kafka/protocol/consumerGroupDescribeRequest';
import { FlexibleReader } from '../../../src/core/kafka/protocol/flexibleCodec';

// The hand-written pieces of a fixture (deliberately not our FlexibleWriter).
const bytes = (...values: number[]) => Buffer.from(values);
const int16 = (n: number) => bytes((n >> 8) & 0xff, n & 0xff);
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
/** COMPACT_STRING of ASCII text shorter than 127 bytes: one length byte. */
const str = (s: string) => Buffer.concat([bytes(s.length + 1), Buffer.from(s, 'ascii')]);
const NULL_STRING = bytes(0);
/** COMPACT_ARRAY of fewer than 127 items. */
const array = (...items: Buffer[]) => Buffer.concat([bytes(items.length + 1), ...items]);
const NO_TAGS = bytes(0);
const frame = (...parts: Buffer[]) => Buffer.concat(parts);

describe('ListGroups v3–v5', () => {
  test('requests: header tags, then (v4) an empty states filter and (v5) an empty types filter, then tags', () => {
    assert.deepEqual(encodeListGroupsRequest(3), bytes(0, 0));
    assert.deepEqual(encodeListGroupsRequest(4), bytes(0, 1, 0));
    assert.deepEqual(encodeListGroupsRequest(5), bytes(0, 1, 1, 0));
  });

  test('a v5 answer: each group with its protocol type, state and type', () => {
    const payload = frame(
      NO_TAGS, // response header v1
      int32(0), // throttle_time_ms
      int16(0), // error_code
      array(frame(str('billing'), str('consumer'), str('Stable'), str('consumer'), NO_TAGS), frame(str('legacy'), str('consumer'), str('Empty'), str('classic'), NO_TAGS)),
      NO_TAGS,
    );
    assert.deepEqual(decodeListGroupsResponse(payload, 5), {
      clientSideThrottleTime: 0,
      errorCode: 0,
      groups: [
        { groupId: 'billing', protocolType: 'consumer', state: 'Stable', type: 'consumer' },
        { groupId: 'legacy', protocolType: 'consumer', state: 'Empty', type: 'classic' },
      ],
    });
  });

  test('a v3 answer has neither state nor type; an error and a throttle time are kept', () => {
    const payload = frame(NO_TAGS, int32(250), int16(14), array(frame(str('g'), str(''), NO_TAGS)), NO_TAGS);
    assert.deepEqual(decodeListGroupsResponse(payload, 3), { clientSideThrottleTime: 250, errorCode: 14, groups: [{ groupId: 'g', protocolType: '' }] });
  });

  test('tagged fields a newer broker adds are skipped, in the header and in a group', () => {
    const unknownTag = frame(bytes(1), bytes(7), bytes(3), bytes(0xaa, 0xbb, 0xcc)); // one field: tag 7, 3 bytes
    const payload = frame(unknownTag, int32(0), int16(0), array(frame(str('g'), str('consumer'), str('Stable'), str('share'), unknownTag)), NO_TAGS);
    assert.deepEqual(decodeListGroupsResponse(payload, 5).groups, [{ groupId: 'g', protocolType: 'consumer', state: 'Stable', type: 'share' }]);
  });

  test('a truncated answer fails with a sentence, never a half-read list', () => {
    const payload = frame(NO_TAGS, int32(0), int16(0), array(frame(str('billing'), str('consumer'), str('Stable'), str('consumer'), NO_TAGS)), NO_TAGS);
    assert.throws(() => decodeListGroupsResponse(payload.subarray(0, payload.length - 6), 5), /^Error: Malformed response: \d+ more bytes wanted at byte \d+ of \d+\.$/);
  });
});

describe('ConsumerGroupDescribe v0–v1', () => {
  const TOPIC_ID = Buffer.from('00112233445566778899aabbccddeeff', 'hex');

  test('request: header tags, the group ids, include_authorized_operations false, tags', () => {
    assert.deepEqual(encodeConsumerGroupDescribeRequest(['a', 'bc']), frame(NO_TAGS, array(str('a'), str('bc')), bytes(0), NO_TAGS));
  });

  function member(version: number): Buffer {
    const assignment = frame(array(frame(TOPIC_ID, str('orders'), array(int32(2), int32(0)), NO_TAGS)), NO_TAGS);
    const target = frame(array(), NO_TAGS);
    return frame(
      str('Mx1'), // member_id (a string, not a uuid)
      NULL_STRING, // instance_id
      str('rack-a'), // rack_id
      int32(5), // member_epoch
      str('console-consumer'),
      str('/127.0.0.1'),
      array(str('orders')), // subscribed_topic_names
      NULL_STRING, // subscribed_topic_regex
      assignment,
      target,
      ...(version >= 1 ? [bytes(0)] : []), // member_type (v1)
      NO_TAGS,
    );
  }

  function answer(version: number): Buffer {
    const stable = frame(int16(0), NULL_STRING, str('billing'), str('Stable'), int32(7), int32(7), str('uniform'), array(member(version)), int32(-2147483648), NO_TAGS);
    const missing = frame(int16(69), str('Group nope not found.'), str('nope'), str(''), int32(0), int32(0), str(''), array(), int32(-2147483648), NO_TAGS);
    return frame(NO_TAGS, int32(0), array(stable, missing), NO_TAGS);
  }

  for (const version of [0, 1]) {
    test(`v${version} answer: state, epochs, assignor, members with their assignment by topic name; a failed group keeps its error`, () => {
      const decoded = decodeConsumerGroupDescribeResponse(answer(version), version);
      assert.equal(decoded.groups.length, 2);
      const [stable, missing] = decoded.groups;
      assert.deepEqual(
        { ...stable, members: [] },
        { errorCode: 0, errorMessage: null, groupId: 'billing', groupState: 'Stable', groupEpoch: 7, assignmentEpoch: 7, assignorName: 'uniform', members: [], authorizedOperations: -2147483648 },
      );
      assert.deepEqual(stable.members, [
        {
          memberId: 'Mx1',
          instanceId: null,
          rackId: 'rack-a',
          memberEpoch: 5,
          clientId: 'console-consumer',
          clientHost: '/127.0.0.1',
          subscribedTopicNames: ['orders'],
          subscribedTopicRegex: null,
          assignment: [{ topicId: TOPIC_ID.toString('base64url'), topicName: 'orders', partitions: [2, 0] }],
          targetAssignment: [],
          ...(version >= 1 ? { memberType: 0 } : {}),
        },
      ]);
      assert.deepEqual([missing.errorCode, missing.errorMessage, missing.groupId, missing.members], [69, 'Group nope not found.', 'nope', []]);
    });
  }

  test('a v1 answer read as v0 does not pass unnoticed', () => {
    assert.throws(() => decodeConsumerGroupDescribeResponse(answer(1), 0), /Malformed response/);
  });
});

describe('flexible codec', () => {
  test('unsigned varints of one to five bytes (a string of 300 bytes has a two-byte length)', () => {
    assert.equal(new FlexibleReader(bytes(0x7f)).uvarint(), 127);
    assert.equal(new FlexibleReader(bytes(0xac, 0x02)).uvarint(), 300);
    assert.equal(new FlexibleReader(bytes(0xff, 0xff, 0xff, 0xff, 0x0f)).uvarint(), 0xffffffff);
    assert.throws(() => new FlexibleReader(bytes(0xff, 0xff, 0xff, 0xff, 0xff, 0x01)).uvarint(), /varint longer than 5 bytes/);
    const long = 'x'.repeat(300);
    assert.equal(new FlexibleReader(Buffer.concat([bytes(0xad, 0x02), Buffer.from(long)])).compactString(), long);
  });
});
