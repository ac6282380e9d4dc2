// The compressors the demo writes demo-binary-compressed's batches with, registered with kafkajs
// (which brings gzip and leaves snappy, lz4 and zstd to the application). Pure JavaScript and
// WebAssembly shipped in their npm packages, so a bare machine needs no kcat and no native build:
// snappyjs (raw snappy, which Kafka's xerial reader accepts), lz4js (the LZ4 frame format Kafka
// uses) and @bokuweb/zstd-wasm (Zstandard's own C code compiled to WebAssembly).
//
// Only the demo produces compressed batches (and only to a local Apache Kafka: VAST refuses
// compressed produce requests); the product itself registers decompressors only (src/core/kafka/codecs.ts).
import kafkajs from 'kafkajs';

const { CompressionCodecs, CompressionTypes } = kafkajs;

/** kafkajs calls compress(encoder) with the batch's records in encoder.buffer; we never decompress with these. */
function codec(compress) {
  return () => ({
    compress: async (encoder) => Buffer.from(await compress(encoder.buffer)),
    decompress: () => Promise.reject(new Error('the demo only writes compressed batches')),
  });
}

const LOADERS = {
  gzip: async () => true, // kafkajs's own
  snappy: async () => {
    const snappy = await import('snappyjs');
    CompressionCodecs[CompressionTypes.Snappy] = codec((data) => snappy.compress(data));
  },
  lz4: async () => {
    const lz4 = await import('lz4js');
    const xxh32 = (await import('lz4js/xxh32.js')).default;
    CompressionCodecs[CompressionTypes.LZ4] = codec((data) => lz4Frame(lz4, xxh32, data));
  },
  zstd: async () => {
    const zstd = await import('@bokuweb/zstd-wasm');
    await zstd.init();
    CompressionCodecs[CompressionTypes.ZSTD] = codec((data) => zstd.compress(data, 3));
  },
};

const LZ4_MAGIC = 0x184d2204;
const LZ4_BLOCK = 4 * 1024 * 1024;

/**
 * An LZ4 frame Kafka accepts. lz4js.compress() leaves the block-independence flag clear, and
 * Kafka refuses such frames ("Dependent block stream is unsupported"), so the frame is written
 * here around lz4js's block compressor: version 1 with independent blocks (FLG 0x60), 4 MB blocks
 * (BD 0x70), no checksums, each block compressed with a fresh hash table so the flag is true.
 */
function lz4Frame(lz4, xxh32, data) {
  const out = [];
  const header = Buffer.from([0, 0, 0, 0, 0x60, 0x70, 0]);
  header.writeUInt32LE(LZ4_MAGIC, 0);
  header[6] = (xxh32.hash(0, header, 4, 2) >>> 8) & 0xff;
  out.push(header);
  for (let start = 0; start < data.length; start += LZ4_BLOCK) {
    const block = data.subarray(start, Math.min(start + LZ4_BLOCK, data.length));
    const compressed = Buffer.alloc(lz4.compressBound(block.length));
    const size = lz4.compressBlock(block, compressed, 0, block.length, new Uint32Array(1 << 16));
    const length = Buffer.alloc(4);
    if (size === 0 || size >= block.length) {
      length.writeUInt32LE((0x80000000 | block.length) >>> 0); // stored uncompressed
      out.push(length, block);
    } else {
      length.writeUInt32LE(size);
      out.push(length, compressed.subarray(0, size));
    }
  }
  out.push(Buffer.alloc(4)); // end mark
  return Buffer.concat(out);
}

/** kafkajs's CompressionTypes value for a codec name. */
export const compressionType = (name) => ({ gzip: CompressionTypes.GZIP, snappy: CompressionTypes.Snappy, lz4: CompressionTypes.LZ4, zstd: CompressionTypes.ZSTD })[name];

/**
 * Registers each named codec with kafkajs. Resolves the names that can be used and, for the rest,
 * why not (a package that did not load): the demo skips those and says so in one line.
 */
export async function registerCompressionCodecs(names) {
  const usable = [];
  const skipped = [];
  for (const name of names) {
    try {
      if (!LOADERS[name]) throw new Error('no compressor for it');
      await LOADERS[name]();
      usable.push(name);
    } catch (e) {
      skipped.push({ name, reason: e.message.split('\n')[0] });
    }
  }
  return { usable, skipped };
}
