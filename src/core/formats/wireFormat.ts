// The Confluent wire format: magic byte 0, the schema id as 4 bytes big-endian, for Protobuf the
// message indexes (a zigzag varint count, then zigzag varints; the single byte 0 means [0]), then
// the payload as the schema's format writes it.
import { FormatError, type SchemaFormat } from './formatTypes';

export interface WireFormatRecord {
  schemaId: number;
  /** Protobuf only: the path to the message, through the file's top-level messages then nested ones. */
  messageIndexes?: number[];
  payload: Buffer;
}

const HEADER_BYTES = 5;
/** More indexes than any real .proto nests: a count beyond it is not a header. */
const MAX_INDEXES = 64;

/** The cheap test `auto` makes before looking a schema id up: magic byte 0 and a whole header. */
export function looksLikeWireFormat(bytes: Buffer | Uint8Array | null | undefined): boolean {
  return !!bytes && bytes.length >= HEADER_BYTES && bytes[0] === 0;
}

/** The header and payload of a wire-format record; undefined when the bytes are not the wire format. */
export function readWireFormat(bytes: Buffer, format: SchemaFormat): WireFormatRecord | undefined {
  if (!looksLikeWireFormat(bytes)) return undefined;
  const schemaId = bytes.readUInt32BE(1);
  if (format !== 'protobuf') return { schemaId, payload: bytes.subarray(HEADER_BYTES) };
  let pos = HEADER_BYTES;
  const next = (): number => {
    const read = readZigzagVarint(bytes, pos);
    if (!read) throw new FormatError(`the Protobuf message indexes after schema id ${schemaId} are cut short.`);
    pos = read.end;
    return read.value;
  };
  const count = next();
  if (count === 0) return { schemaId, messageIndexes: [0], payload: bytes.subarray(pos) };
  if (count < 0 || count > MAX_INDEXES) throw new FormatError(`the Protobuf message index count after schema id ${schemaId} is ${count}, not a count of messages.`);
  const messageIndexes: number[] = [];
  for (let i = 0; i < count; i++) {
    const index = next();
    if (index < 0) throw new FormatError(`a Protobuf message index after schema id ${schemaId} is negative (${index}).`);
    messageIndexes.push(index);
  }
  return { schemaId, messageIndexes, payload: bytes.subarray(pos) };
}

/** The payload with its wire-format header; `messageIndexes` (Protobuf) default to none written. */
export function writeWireFormat(schemaId: number, payload: Buffer, messageIndexes?: readonly number[]): Buffer {
  if (!Number.isInteger(schemaId) || schemaId < 0 || schemaId > 0xffffffff) throw new FormatError(`a schema id is a 32-bit number; ${schemaId} is not.`);
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt32BE(schemaId, 1);
  if (!messageIndexes) return Buffer.concat([header, payload]);
  const indexes = messageIndexes.length === 1 && messageIndexes[0] === 0 ? [0] : [messageIndexes.length, ...messageIndexes];
  return Buffer.concat([header, Buffer.from(indexes.flatMap(zigzagVarint)), payload]);
}

function zigzagVarint(n: number): number[] {
  let z = n >= 0 ? n * 2 : -n * 2 - 1;
  const out: number[] = [];
  while (z >= 0x80) {
    out.push((z % 0x80) | 0x80);
    z = Math.floor(z / 0x80);
  }
  out.push(z);
  return out;
}

/** A zigzag varint at `pos` (at most 32 bits are meaningful for an index); undefined when cut short. */
function readZigzagVarint(bytes: Buffer, pos: number): { value: number; end: number } | undefined {
  let z = 0;
  let m = 1;
  for (let i = pos; i < bytes.length && i < pos + 5; i++) {
    z += (bytes[i] & 0x7f) * m;
    m *= 128;
    if ((bytes[i] & 0x80) === 0) return { value: z % 2 === 1 ? -(z + 1) / 2 : z / 2, end: i + 1 };
  }
  return undefined;
}
