// Lines of a byte stream as Buffers, so a line that is not UTF-8 reaches the broker byte for byte
// (readline would decode it and replace bad bytes with U+FFFD). A final line without "\n" counts;
// "\r\n" endings lose their "\r".
//
// Linear: the pieces of an unfinished line are kept as they came and joined once, when its "\n"
// arrives (copying the pending line on every chunk made a 10 MB line take 16 s, 30 MB 116 s). And
// bounded: a line that grows past `maxLineBytes` is refused as soon as it does, so `/dev/zero` (no
// "\n" ever) ends at once instead of filling memory.

/** A line longer than the caller can use, refused before its end was read. */
export class LineTooLongError extends Error {
  override name = 'LineTooLongError';
  constructor(
    /** 1 for the first line. */
    readonly lineNumber: number,
    readonly maxLineBytes: number,
  ) {
    super(`line ${lineNumber} is longer than ${maxLineBytes} bytes`);
  }
}

export async function* byteLines(input: AsyncIterable<Buffer | string>, maxLineBytes = Infinity): AsyncGenerator<Buffer> {
  let pieces: Buffer[] = [];
  let pending = 0;
  let lineNumber = 1;
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let from = 0;
    let newline: number;
    while ((newline = bytes.indexOf(10, from)) >= 0) {
      if (pending + newline - from > maxLineBytes + 1) throw new LineTooLongError(lineNumber, maxLineBytes);
      const tail = bytes.subarray(from, newline);
      const line = pieces.length === 0 ? tail : Buffer.concat([...pieces, tail], pending + tail.length);
      pieces = [];
      pending = 0;
      from = newline + 1;
      const shown = withoutCr(line);
      if (shown.length > maxLineBytes) throw new LineTooLongError(lineNumber, maxLineBytes);
      lineNumber++;
      yield shown;
    }
    if (from < bytes.length) {
      // A copy: the stream may reuse its buffer for the next chunk.
      const rest = Buffer.from(bytes.subarray(from));
      pieces.push(rest);
      pending += rest.length;
      // One byte of slack: the "\r" of a "\r\n" ending may be among them.
      if (pending > maxLineBytes + 1) throw new LineTooLongError(lineNumber, maxLineBytes);
    }
  }
  if (pending > 0) {
    const line = withoutCr(Buffer.concat(pieces, pending));
    if (line.length > maxLineBytes) throw new LineTooLongError(lineNumber, maxLineBytes);
    yield line;
  }
}

function withoutCr(line: Buffer): Buffer {
  return line.length > 0 && line[line.length - 1] === 13 ? line.subarray(0, line.length - 1) : line;
}
