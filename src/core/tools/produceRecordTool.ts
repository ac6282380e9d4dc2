import { produce } from '../topics/produce';
import { UsageError } from '../errors';
import { defineTool } from './toolDefinition';
import { CONNECTION_FIELD, MAX_PARTITION, requiredName, text, textMap, wholeNumber } from './toolInput';
import { existingTopic } from './existingTopic';
import { refuseIfReadOnly } from '../readOnly';
import { previewBytes } from '../rendering/agentPreview';
import { encodeOrRefuse, type FieldEncoder } from '../formats/fieldEncoders';

/** VAST caps a record's key and value at 126 KB each. */
const MAX_FIELD_BYTES = 126 * 1024;
const PLAN_PREVIEW_BYTES = 1024;

export const produceRecordTool = defineTool({
  name: 'ebx_produceRecord',
  displayName: 'Produce a Record',
  toolReferenceName: 'brokerProduce',
  userDescription: 'Writes one record to a topic (text, or JSON encoded with the topic\'s schema), after you confirm it.',
  modelDescription:
    'Produces one record (UTF-8 text key, value and headers) to an existing topic, after the user confirms the exact record. ' +
    'When the topic has a record format (Avro, Protobuf, JSON Schema, int64…), the value and key are given as JSON (or the format\'s text) and encoded with the topic\'s schema: ' +
    'in the Confluent wire format under the schema registry\'s id, or raw with a workspace schema file; input that does not fit is refused with the schema\'s own complaint, nothing produced. ' +
    'Uses the settings VAST Event Broker needs (no compression, no idempotence); key and value at most 126 KB each; topics are never created. ' +
    '"partition" picks the partition, otherwise the key decides (or round robin without a key). Returns the topic and partition written. ' +
    'Use it for test events the user asked for. Not available on read-only connections.',
  input: {
    connection: CONNECTION_FIELD,
    topic: requiredName('The exact name of an existing topic.'),
    value: text('The record value: text (e.g. JSON); for a topic with a record format, its JSON, encoded with the topic\'s schema.', '"value" is required (an empty string is a valid value).'),
    key: text('The record key. Default: none.').optional(),
    partition: wholeNumber(0, MAX_PARTITION, 'The partition to write to. Default: chosen by the key.').optional(),
    headers: textMap('header', 'Header names and text values.').optional(),
  },
  changes: true,
  async prepare(context, input) {
    const { topic, value, key, partition } = input;
    const headers = input.headers ?? {};
    for (const [what, text] of [['value', value], ['key', key ?? '']] as const) {
      if (Buffer.byteLength(text) > MAX_FIELD_BYTES) throw new UsageError(`The ${what} is ${Buffer.byteLength(text)} bytes: VAST Event Broker accepts at most ${MAX_FIELD_BYTES} bytes. Nothing was produced.`);
    }
    const { session, connection } = await context.session(input.connection);
    refuseIfReadOnly(connection, 'producing records');
    const meta = await existingTopic(session, topic);
    if (partition !== undefined && !meta.partitions.some((p) => p.partition === partition)) {
      throw new UsageError(`${topic} has no partition ${partition}: it has partitions 0 to ${meta.partitions.length - 1}. Nothing was produced.`);
    }
    // Encoded here, so the plan shows what will be sent and input that does not fit is refused before any question.
    const encoders = (await context.recordFormats?.encodersFor(connection.name, topic)) ?? {};
    const valueBytes = bytesToSend('value', encoders.value, value);
    const keyBytes = key === undefined ? null : bytesToSend('key', encoders.key, key);
    const shown = (text: string) => JSON.stringify(previewBytes(Buffer.from(text), PLAN_PREVIEW_BYTES));
    const encoded = (what: string, encoder: FieldEncoder | undefined, bytes: string | Buffer | null) =>
      encoder && bytes !== null ? [`${what} encoded as ${encoder.encoding} (${Buffer.byteLength(bytes)} bytes)`] : [];
    const plan = [
      `Produce 1 record to ${topic} on ${connection.name}, ${partition === undefined ? 'partition chosen by the key' : `partition ${partition}`}:`,
      `key: ${key === undefined ? 'none' : shown(key)}`,
      ...encoded('key', encoders.key, keyBytes),
      `value: ${shown(value)}`,
      ...encoded('value', encoders.value, valueBytes),
      ...(Object.keys(headers).length > 0 ? [`headers: ${JSON.stringify(headers)}`] : []),
    ].join('\n');
    return {
      title: `Produce a record to ${topic}?`,
      plan,
      async apply() {
        await produce(session, topic, [{ key: keyBytes, value: valueBytes, headers, partition }]);
        return `Produced 1 record to ${topic}${partition === undefined ? '' : ` partition ${partition}`}.`;
      },
    };
  },
});

/** The text as the topic's format writes it (as typed without one); input that does not fit is refused in one sentence. */
function bytesToSend(what: 'key' | 'value', encoder: FieldEncoder | undefined, text: string): string | Buffer {
  if (!encoder) return text;
  const bytes = encodeOrRefuse(what, encoder, text);
  if (bytes.length > MAX_FIELD_BYTES) throw new UsageError(`The ${what} is ${bytes.length} bytes encoded: VAST Event Broker accepts at most ${MAX_FIELD_BYTES} bytes. Nothing was produced.`);
  return bytes;
}
