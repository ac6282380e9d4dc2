// Offsets are what the scanners work in; lines and columns are what editors and the CLI show.
// Columns count UTF-16 code units, as VS Code does, and line breaks are \r\n, \n or a lone \r
// (VS Code treats all three as breaks, so positions must agree with it).

export interface TextPosition {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units. */
  column: number;
}

export class SourceText {
  /** Offset where each line starts; lineStarts[0] is 0. */
  readonly lineStarts: readonly number[];

  constructor(readonly text: string) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 10 /* \n */) starts.push(i + 1);
      else if (ch === 13 /* \r */) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    this.lineStarts = starts;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  /** 0-based index of the line holding `offset`. */
  lineIndexAt(offset: number): number {
    const starts = this.lineStarts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  lineStart(lineIndex: number): number {
    return this.lineStarts[lineIndex];
  }

  /** Offset just past the line's content, before its line break. */
  lineContentEnd(lineIndex: number): number {
    if (lineIndex + 1 >= this.lineStarts.length) return this.text.length;
    let end = this.lineStarts[lineIndex + 1];
    if (this.text.charCodeAt(end - 1) === 10) end--;
    if (this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }

  positionAt(offset: number): TextPosition {
    const index = this.lineIndexAt(offset);
    return { line: index + 1, column: offset - this.lineStarts[index] + 1 };
  }
}
