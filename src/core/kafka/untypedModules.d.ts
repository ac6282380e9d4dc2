// Minimal typings for the pure-JS decompressors (they ship none).
declare module 'snappyjs' {
  export function uncompress(input: Uint8Array): Uint8Array;
}
declare module 'lz4js' {
  export function decompress(input: Uint8Array, maxSize?: number): Uint8Array;
}
// kafkajs's protocol tables, used by brokerRequests.ts to send a request and keep every
// partition's answer (kafkajs's own parse throws on the first partition error).
declare module 'kafkajs/src/protocol/requests' {
  export const requests: Record<string, unknown>;
}
declare module 'kafkajs/src/protocol/requests/apiKeys' {
  const apiKeys: Record<string, number>;
  export = apiKeys;
}
declare module 'kafkajs/src/protocol/error' {
  export const errorCodes: { type: string; code: number; retriable: boolean; message: string }[];
  export function createErrorFromCode(code: number): Error;
}
// kafkajs's Connection class, repaired by connectionReuse.ts (its fields are typed there).
declare module 'kafkajs/src/network/connection' {
  const Connection: new (options: object) => object;
  export = Connection;
}
// kafkajs's RequestQueue class, whose scheduling requestQueueTimer.ts mends (its fields are typed there).
declare module 'kafkajs/src/network/requestQueue' {
  const RequestQueue: { prototype: object };
  export = RequestQueue;
}
// kafkajs's wire encoder and decoder, for the requests kafkajs does not have (topicConfigRequests.ts).
declare module 'kafkajs/src/protocol/encoder' {
  class Encoder {
    buffer: Buffer;
    writeInt8(value: number): this;
    writeInt16(value: number): this;
    writeInt32(value: number): this;
    writeInt64(value: number | string): this;
    writeString(value: string | null): this;
    writeBuffer(value: Buffer): this;
    writeBoolean(value: boolean): this;
    writeArray(items: Encoder[]): this;
  }
  export = Encoder;
}
declare module 'kafkajs/src/protocol/decoder' {
  class Decoder {
    constructor(buffer: Buffer);
    readInt8(): number;
    readInt16(): number;
    readInt32(): number;
    readString(): string | null;
    readBoolean(): boolean;
    readArray<T>(reader: (decoder: Decoder) => T): T[];
  }
  export = Decoder;
}
// kafkajs's Broker class, whose metadata request brokersOnlyMetadata.ts lets ask for no topic.
declare module 'kafkajs/src/broker' {
  const Broker: { prototype: object };
  export = Broker;
}
