// Kafka's flexible-version encodings (KIP-482), for the requests kafkajs 2.2.4 has no version of
// (ListGroups v3+, ConsumerGroupDescribe): strings and arrays whose length is an unsigned varint of
// length + 1 (0 = null), and tagged fields after every structure, which we write empty and skip
// when reading (a newer broker may add some; skipping them is what the protocol asks).

import { readInt64 } from './int64';

/** Builds a request body. Integers are big-endian, as everywhere in the protocol. */
export class FlexibleWriter {
  private readonly parts: Buffer[] = [];

  int8(value: number): this {
    return this.push(Buffer.from([value & 0xff]));
  }
  int16(value: number): this {
    const b = Buffer.alloc(2);
    b.writeInt16BE(value);
    return this.push(b);
  }
  int32(value: number): this {
    const b = Buffer.alloc(4);
    b.writeInt32BE(value);
    return this.push(b);
  }
  bool(value: boolean): this {
    return this.int8(value ? 1 : 0);
  }
  uvarint(value: number): this {
    const bytes: number[] = [];
    let rest = value;
    while (rest >= 0x80) {
      bytes.push((rest % 0x80) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    bytes.push(rest);
    return this.push(Buffer.from(bytes));
  }
  compactString(value: string): this {
    const text = Buffer.from(value, 'utf8');
    return this.uvarint(text.length + 1).push(text);
  }
  compactArray<T>(items: readonly T[], write: (writer: this, item: T) => void): this {
    this.uvarint(items.length + 1);
    for (const item of items) write(this, item);
    return this;
  }
  /** No tagged fields: one zero byte. */
  noTaggedFields(): this {
    return this.uvarint(0);
  }
  bytes(): Buffer {
    return Buffer.concat(this.parts);
  }

  private push(b: Buffer): this {
    this.parts.push(b);
    return this;
  }
}

/** Reads a response body; a read past its end throws (a truncated or misread answer, never garbage). */
export class FlexibleReader {
  private pos = 0;
  constructor(private readonly buf: Buffer) {}

  int8(): number {
    return this.buf.readInt8(this.take(1));
  }
  int16(): number {
    return this.buf.readInt16BE(this.take(2));
  }
  int32(): number {
    return this.buf.readInt32BE(this.take(4));
  }
  /** As a number: offsets and millisecond timestamps stay far below 2^53. */
  int64(): number {
    return readInt64(this.buf, this.take(8));
  }
  bool(): boolean {
    return this.int8() !== 0;
  }
  uvarint(): number {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      const byte = this.buf.readUInt8(this.take(1));
      value += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return value;
    }
    throw new Error('Malformed response: an unsigned varint longer than 5 bytes.');
  }
  /** 16 bytes, as Kafka prints a Uuid: URL-safe base64 without padding. */
  uuid(): string {
    const at = this.take(16);
    return this.buf.subarray(at, at + 16).toString('base64url');
  }
  compactNullableString(): string | null {
    const length = this.uvarint() - 1;
    if (length < 0) return null;
    const at = this.take(length);
    return this.buf.toString('utf8', at, at + length);
  }
  /** A non-nullable string; a null one (which the broker should not send) reads as ''. */
  compactString(): string {
    return this.compactNullableString() ?? '';
  }
  compactBytes(): Buffer | null {
    const length = this.uvarint() - 1;
    if (length < 0) return null;
    const at = this.take(length);
    return this.buf.subarray(at, at + length);
  }
  /** A null array reads as empty. */
  compactArray<T>(read: (reader: this) => T): T[] {
    const length = this.uvarint() - 1;
    const items: T[] = [];
    for (let i = 0; i < length; i++) items.push(read(this));
    return items;
  }
  skipTaggedFields(): void {
    for (let n = this.uvarint(); n > 0; n--) {
      this.uvarint(); // tag
      this.take(this.uvarint());
    }
  }

  private take(n: number): number {
    const at = this.pos;
    if (n < 0 || at + n > this.buf.length) throw new Error(`Malformed response: ${n} more bytes wanted at byte ${at} of ${this.buf.length}.`);
    this.pos += n;
    return at;
  }
}
