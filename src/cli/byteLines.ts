// Lines of a byte stream as Buffers, so a line that is not UTF-8 reaches the broker byte for byte
// (readline would decode it and replace bad bytes with U+FFFD). A final line without "\n" counts;
// "\r\n" endings lose their "\r".
export async function* byteLines(input: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let data = rest.length ? Buffer.concat([rest, bytes]) : bytes;
    let newline: number;
    while ((newline = data.indexOf(10)) >= 0) {
      yield withoutCr(data.subarray(0, newline));
      data = data.subarray(newline + 1);
    }
    rest = Buffer.from(data);
  }
  if (rest.length > 0) yield withoutCr(rest);
}

function withoutCr(line: Buffer): Buffer {
  return line.length > 0 && line[line.length - 1] === 13 ? line.subarray(0, line.length - 1) : line;
}
