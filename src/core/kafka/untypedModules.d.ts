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
