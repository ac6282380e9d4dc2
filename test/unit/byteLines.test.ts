// `ebx produce`'s stdin lines (issue 39, item 8): linear in the input (copying the pending line on
// every chunk made a 30 MB line take 116 s), and a line longer than a record can be is refused as
// soon as it is that long, naming its line number, so /dev/zero (no "\n" ever) ends at once. The
// sources yield to the event loop between chunks, so the tests' own timeouts can end a hang.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { byteLines, LineTooLongError } from '../../src/cli/byteLines';

/** The buffers as a stream's chunks. */
async function* streamOf(...buffers: Buffer[]): AsyncGenerator<Buffer> {
  for (const buffer of buffers) {
    await Promise.resolve();
    yield buffer;
  }
}

/** `count` chunks of `chunk`, then `tail`; a macrotask between chunks (as a real stream has). */
async function* chunks(chunk: Buffer, count: number, tail: Buffer = Buffer.alloc(0)): AsyncGenerator<Buffer> {
  for (let i = 0; i < count; i++) {
    if (i % 64 === 0) await new Promise((resolve) => setImmediate(resolve));
    yield chunk;
  }
  if (tail.length > 0) yield tail;
}

async function collect(source: AsyncIterable<Buffer>, maxLineBytes?: number): Promise<Buffer[]> {
  const lines: Buffer[] = [];
  for await (const line of byteLines(source, maxLineBytes)) lines.push(line);
  return lines;
}

test('lines split across chunks, \\r\\n endings and a last line without \\n read as before', async () => {
  const input = ['ab', 'c\r\nd', 'e\n\nf\xff', 'g'].map((s) => Buffer.from(s, 'latin1'));
  const lines = await collect(streamOf(...input));
  assert.deepEqual(lines.map((l) => l.toString('latin1')), ['abc', 'de', '', 'f\xffg']);
});

// 16,384 chunks: copying the pending line on each is a terabyte of copying; joining the pieces once is 64 MB.
test('a 64 MB line in 4 KB chunks is read in linear time', { timeout: 30_000 }, async () => {
  const chunk = Buffer.alloc(4 * 1024, 0x61);
  const count = (64 * 1024 * 1024) / chunk.length;
  const lines = await collect(chunks(chunk, count, Buffer.from('\nlast')));
  assert.deepEqual(lines.map((l) => l.length), [64 * 1024 * 1024, 4]);
  assert.equal(lines[0][lines[0].length - 1], 0x61);
});

test('a line past the limit is refused as soon as it is that long, with its line number (an endless line ends)', { timeout: 10_000 }, async () => {
  const zeros = Buffer.alloc(64 * 1024);
  async function* endless(): AsyncGenerator<Buffer> {
    yield Buffer.from('first\nsecond\n');
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      yield zeros;
    }
  }
  const seen: string[] = [];
  await assert.rejects(
    (async () => {
      for await (const line of byteLines(endless(), 1024 * 1024)) seen.push(line.toString());
    })(),
    (err: unknown) => err instanceof LineTooLongError && err.lineNumber === 3 && err.maxLineBytes === 1024 * 1024,
  );
  assert.deepEqual(seen, ['first', 'second']);
});

test('the limit is on the line without its ending: exactly the limit passes, one byte more does not', async () => {
  const at = (n: number, ending: string) => streamOf(Buffer.concat([Buffer.alloc(n, 0x62), Buffer.from(ending)]));
  assert.deepEqual((await collect(at(10, '\r\n'), 10)).map((l) => l.length), [10]);
  assert.deepEqual((await collect(at(10, ''), 10)).map((l) => l.length), [10]);
  await assert.rejects(collect(at(11, '\n'), 10), (err: unknown) => err instanceof LineTooLongError && err.lineNumber === 1);
  await assert.rejects(collect(at(11, ''), 10), (err: unknown) => err instanceof LineTooLongError && err.lineNumber === 1);
  await assert.rejects(collect(at(11, '\r\n'), 10), (err: unknown) => err instanceof LineTooLongError && err.lineNumber === 1);
});
