// Minimal typings for the pure-JS decompressors (they ship none).
declare module 'snappyjs' {
  export function uncompress(input: Uint8Array): Uint8Array;
}
declare module 'lz4js' {
  export function decompress(input: Uint8Array, maxSize?: number): Uint8Array;
}
