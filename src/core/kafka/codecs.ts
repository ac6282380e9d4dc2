// kafkajs decodes gzip itself; snappy, lz4 and zstd are registered here with pure-JS libraries
// (no native build, nothing downloaded at install). We only need to read them: VAST accepts no
// compressed produce, so compressing is refused with a clear message.
import { CompressionCodecs, CompressionTypes } from 'kafkajs';
import * as snappy from 'snappyjs';
import type * as Lz4 from 'lz4js';
import { decompress as zstdDecompress } from 'fzstd';
import { gunzipSync } from 'node:zlib';

const XERIAL_MAGIC = Buffer.from([0x82, 0x53, 0x4e, 0x41, 0x50, 0x50, 0x59, 0x00]);

/** Java clients write snappy in xerial framing (magic, version, then length-prefixed blocks). */
export function decompressSnappy(input: Buffer): Buffer {
  if (input.length >= 16 && input.subarray(0, 8).equals(XERIAL_MAGIC)) {
    const blocks: Buffer[] = [];
    let position = 16;
    while (position + 4 <= input.length) {
      const size = input.readUInt32BE(position);
      position += 4;
      blocks.push(Buffer.from(snappy.uncompress(input.subarray(position, position + size))));
      position += size;
    }
    return Buffer.concat(blocks);
  }
  return Buffer.from(snappy.uncompress(input));
}

let lz4Module: typeof Lz4 | undefined;

/**
 * lz4js, loaded at the first lz4 batch: at load it allocates 5 MB for compressing (its block
 * buffer and hash table), which we never do, and most sessions never see an lz4 batch.
 */
function lz4(): typeof Lz4 {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load, see above
  lz4Module ??= require('lz4js') as typeof Lz4;
  return lz4Module;
}

/**
 * The records of one compressed batch (or legacy wrapper message), by the codec number in its
 * attributes: 1 gzip, 2 snappy, 3 lz4, 4 zstd. Synchronous: one call per batch, not per record.
 */
export function decompressRecords(codec: number, input: Buffer): Buffer {
  switch (codec) {
    case 1:
      return gunzipSync(input);
    case 2:
      return decompressSnappy(input);
    case 3:
      return Buffer.from(lz4().decompress(input));
    case 4: {
      const out = zstdDecompress(input);
      return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
    }
    default:
      throw new RangeError(`a record batch uses compression codec ${codec}, which does not exist`);
  }
}

function refuseCompression(name: string) {
  return () => Promise.reject(new Error(`${name} compression is not used for producing: VAST accepts no compressed messages.`));
}

let registered = false;

/** The same codecs for whatever kafkajs itself still decodes (our Fetch decoder calls decompressRecords directly). */
export function registerCodecs(): void {
  if (registered) return;
  registered = true;
  const codecs = CompressionCodecs as unknown as Record<number, () => unknown>;
  const reader = (name: string, codec: number) => () => ({
    compress: refuseCompression(name),
    // kafkajs awaits a codec's answer: a corrupt block must become a rejection, not a synchronous throw.
    decompress: (buffer: Buffer) => new Promise<Buffer>((resolve) => resolve(decompressRecords(codec, buffer))),
  });
  codecs[CompressionTypes.Snappy] = reader('Snappy', CompressionTypes.Snappy);
  codecs[CompressionTypes.LZ4] = reader('LZ4', CompressionTypes.LZ4);
  codecs[CompressionTypes.ZSTD] = reader('ZSTD', CompressionTypes.ZSTD);
}
