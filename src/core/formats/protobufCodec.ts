// A .proto file as a codec (protobufjs, parsed at run time). decode picks the message from the
// Confluent message indexes when the record carries them, else the configured message, else the
// file's first one.
import * as protobuf from 'protobufjs';
import { FormatError, type JsonValue, type SchemaCodec } from './formatTypes';
import { indexesOf, messageAt, messageNamed, parseProto, type ProtoSource } from './protobufSchema';
import { jsonToMessage, messageToJson } from './protobufJson';

export interface ProtobufCodecOptions {
  id: number | null;
  /** The message type to read and write (`shop.Order`); the file's first message when absent. */
  messageName?: string;
}

function reason(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').replace(/\.$/, '').slice(0, 300);
}

/** protobufjs's reader says "index out of range: 117 + 5 > 121" for bytes that end inside a field. */
function decodeReason(err: unknown): string {
  const text = reason(err);
  const m = /^index out of range: (\d+) \+ (\d+) > (\d+)$/.exec(text);
  if (!m) return text;
  const left = Math.max(Number(m[3]) - Number(m[1]), 0);
  return `a field at byte ${m[1]} needs ${m[2]} bytes and ${left} are left (cut short, or not this message)`;
}

/** protojson's ".pkg.Msg.field: expected integer: \"x\"" as "field pkg.Msg.field: expected integer, got \"x\"". */
function fitComplaint(err: unknown, shown: string): string {
  const text = reason(err);
  const m = /^\.?([\w.]+): (.+?): (.*)$/.exec(text);
  if (m) return `field ${m[1]}: ${m[2]}, got ${m[3].length > 60 ? `${m[3].slice(0, 57)}…` : m[3]}.`;
  return `the value does not fit Protobuf ${shown}: ${text}.`;
}

export function protobufCodec(source: ProtoSource, options: ProtobufCodecOptions): SchemaCodec {
  const proto = parseProto(source);
  const main = options.messageName ? messageNamed(proto, options.messageName) : messageAt(proto, [0]);
  const mainName = main.fullName.replace(/^\./, '');
  // Index paths repeat on every record of a topic: resolve each path once.
  const byPath = new Map<string, protobuf.Type>();
  const typeFor = (indexes: readonly number[] | undefined): protobuf.Type => {
    if (!indexes) return main;
    const key = indexes.join(',');
    let type = byPath.get(key);
    if (!type) {
      type = messageAt(proto, indexes);
      byPath.set(key, type);
    }
    return type;
  };
  return {
    label: { format: 'protobuf', id: options.id, name: mainName },
    messageIndexes: indexesOf(proto, main),
    decode(payload: Buffer, messageIndexes?: readonly number[]): JsonValue {
      const type = typeFor(messageIndexes);
      let message: protobuf.Message;
      try {
        message = type.decode(payload);
      } catch (err) {
        throw new FormatError(`the value does not read as Protobuf ${type.fullName.replace(/^\./, '')}: ${decodeReason(err)}.`);
      }
      try {
        return messageToJson(type, message);
      } catch (err) {
        throw new FormatError(`the value read as Protobuf ${type.fullName.replace(/^\./, '')} has no JSON form: ${reason(err)}.`);
      }
    },
    encode(value: unknown): Buffer {
      let message: protobuf.Message;
      try {
        message = jsonToMessage(main, value);
      } catch (err) {
        throw new FormatError(fitComplaint(err, mainName));
      }
      const problem = main.verify(message);
      if (problem) throw new FormatError(`the value does not fit Protobuf ${mainName}: ${problem}.`);
      return Buffer.from(main.encode(message).finish());
    },
  };
}
