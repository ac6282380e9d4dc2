// Typings for the few kafkajs protocol internals the decoder tests encode and decode with: the
// decoder is held to kafkajs's own reading of the same bytes.
declare module 'kafkajs/src/protocol/recordBatch/v0' {
  export function RecordBatch(options: {
    compression?: number;
    firstOffset?: unknown;
    firstTimestamp?: number;
    maxTimestamp?: number;
    lastOffsetDelta?: number;
    transactional?: boolean;
    producerId?: unknown;
    producerEpoch?: number;
    records: unknown[];
  }): Promise<{ buffer: Buffer }>;
}
declare module 'kafkajs/src/protocol/recordBatch/record/v0' {
  function Record(options: { offsetDelta?: number; timestampDelta?: number; key: Buffer | null; value: Buffer | null; headers?: Record<string, Buffer | Buffer[]> }): unknown;
  export = Record;
}
declare module 'kafkajs/src/protocol/requests/fetch/v4/decodeMessages' {
  function decodeMessages(decoder: unknown): Promise<KafkaJsDecodedMessage[]>;
  export = decodeMessages;
}
declare module 'kafkajs/src/protocol/messageSet' {
  function MessageSet(options: { messageVersion: number; compression?: number; entries: { key: Buffer | null; value: Buffer | null; timestamp?: number; offset?: string }[] }): { buffer: Buffer };
  export = MessageSet;
}
// kafkajs's Encoder and Decoder are typed in src/core/kafka/untypedModules.d.ts (src sends requests with them too).
declare module 'kafkajs/src/protocol/requests/fetch/v11/response' {
  export function decode(payload: Buffer): Promise<{ responses: { topicName: string; partitions: { partition: number; errorCode: number; highWatermark: string; messages: KafkaJsDecodedMessage[] }[] }[] }>;
}

interface KafkaJsDecodedMessage {
  offset: string;
  timestamp?: string;
  key: Buffer | null;
  value: Buffer | null;
  headers?: Record<string, Buffer | Buffer[] | null>;
  isControlRecord?: boolean;
}

// The compressors of the pure-JS codec libraries (src/core/kafka/untypedModules.d.ts types only what src uses).
declare module 'snappyjs' {
  export function compress(input: Uint8Array): Uint8Array;
}
declare module 'lz4js' {
  export function compress(input: Uint8Array): Uint8Array;
}
