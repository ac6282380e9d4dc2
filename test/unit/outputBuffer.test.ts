// The tail panel's buffer (src/extension/tail/outputBuffer.ts) against a panel of our own that
// records what it is given: every line once and in order, the bound kept, and no text handed over
// in one piece longer than PANEL_CHUNK_CHARS (a longer string costs the extension host a full GC).
import { afterEach, beforeEach, describe, mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { OutputBuffer, PANEL_CHUNK_CHARS, type TextPanel } from '../../src/extension/tail/outputBuffer';

/** A panel as VS Code keeps it: append adds, replace starts again. */
class RecordingPanel implements TextPanel {
  text = '';
  calls: { kind: 'append' | 'replace'; chars: number }[] = [];
  append(value: string): void {
    this.calls.push({ kind: 'append', chars: value.length });
    this.text += value;
  }
  replace(value: string): void {
    this.calls.push({ kind: 'replace', chars: value.length });
    this.text = value;
  }
  lines(): string[] {
    return this.text.split('\n').slice(0, -1);
  }
}

const line = (i: number) => `[p0 @${i} 2026-12-02T00:00:00.000Z] key=k${i} value=${'v'.repeat(200)}`;
const lines = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => line(from + k));

describe('OutputBuffer', () => {
  let panel: RecordingPanel;
  beforeEach(() => (panel = new RecordingPanel()));
  afterEach(() => assert.ok(panel.calls.every((c) => c.chars <= PANEL_CHUNK_CHARS), `a call over ${PANEL_CHUNK_CHARS} chars: ${Math.max(...panel.calls.map((c) => c.chars))}`));

  test('a busy flush reaches the panel in chunks, every line once and in order', () => {
    const buffer = new OutputBuffer(panel, 10_000);
    buffer.push(lines(0, 1_250));
    buffer.flush();
    assert.deepEqual(panel.lines(), lines(0, 1_250));
    assert.ok(panel.calls.length >= 8, `${panel.calls.length} appends for ~300 KB`);
    assert.ok(panel.calls.every((c) => c.kind === 'append'));
  });

  test('past the bound the panel starts again from its newest lines, in chunks, then is appended to', () => {
    const buffer = new OutputBuffer(panel, 10_000);
    for (let i = 0; i < 12_000; i += 500) {
      buffer.push(lines(i, i + 500));
      buffer.flush();
    }
    const shown = panel.lines();
    assert.match(shown[0], /^… older lines dropped \(the panel keeps at most 10000 lines, then starts again from the newest 1000/);
    // At 10,500 lines the panel was rewritten with 9,500–10,499 (two pushes of two chunks each);
    // 10,500–11,999 were appended after it.
    assert.deepEqual(shown.slice(1), lines(9_500, 12_000));
    const rewrite = panel.calls.findIndex((c) => c.kind === 'replace');
    assert.ok(rewrite >= 0 && panel.calls.slice(rewrite + 1, rewrite + 3).every((c) => c.kind === 'append'), 'the rewrite continues in appends');
  });

  test('a small bound keeps half of itself on a rewrite, and never shows more than the bound', () => {
    const buffer = new OutputBuffer(panel, 100);
    for (let i = 0; i < 1_000; i += 7) {
      buffer.push(lines(i, i + 7));
      buffer.flush();
      assert.ok(panel.lines().length <= 101, `${panel.lines().length} lines shown`);
    }
    const shown = panel.lines();
    // The last push was 994–1,000; after a rewrite the panel still shows at least half its bound.
    assert.equal(shown.at(-1), line(1_000));
    assert.ok(shown.length >= 50, `${shown.length} lines shown`);
  });

  test('a quiet tail shows a line within 250 ms; a busy one is written every two seconds', () => {
    mock.timers.enable({ apis: ['setTimeout', 'Date'] });
    try {
      const buffer = new OutputBuffer(panel, 10_000);
      const writes = () => panel.calls.length;
      buffer.push([line(0)]);
      mock.timers.tick(249);
      assert.equal(writes(), 0);
      mock.timers.tick(1);
      assert.deepEqual(panel.lines(), [line(0)], 'written 250 ms after it came');
      // More lines at once: the next write comes two seconds after the last one, not sooner.
      buffer.push([line(1)]);
      mock.timers.tick(500);
      buffer.push([line(2)]);
      mock.timers.tick(1_499);
      assert.equal(writes(), 1);
      mock.timers.tick(1);
      assert.deepEqual(panel.lines(), [line(0), line(1), line(2)]);
      // After two quiet seconds and more, a quarter of a second again.
      mock.timers.tick(2_000);
      buffer.push([line(3)]);
      mock.timers.tick(250);
      assert.equal(panel.lines().at(-1), line(3));
      buffer.dispose();
    } finally {
      mock.timers.reset();
    }
  });

  test('a line longer than a chunk is handed over whole, on its own', () => {
    const long = 'x'.repeat(PANEL_CHUNK_CHARS * 2);
    const buffer = new OutputBuffer(panel, 10_000);
    buffer.push(['a', long, 'b']);
    buffer.flush();
    assert.deepEqual(panel.lines(), ['a', long, 'b']);
    assert.deepEqual(
      panel.calls.map((c) => c.chars),
      [2, long.length + 1, 2],
    );
    panel.calls = []; // (the one call over the limit is the line itself)
  });

  test('many short lines: whole lines per call, none over the limit, nothing lost', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => String(i));
    const buffer = new OutputBuffer(panel, 100_000);
    buffer.push(many);
    buffer.flush();
    assert.deepEqual(panel.lines(), many);
    assert.ok(panel.calls.length >= 20_000 / 250, `${panel.calls.length} calls`);
  });

  test('a burst larger than the bound: only the newest lines wait, the panel stays within the bound and says lines were dropped', () => {
    const buffer = new OutputBuffer(panel, 1_000);
    buffer.push(lines(0, 5_000));
    buffer.flush();
    const shown = panel.lines();
    assert.ok(shown.length <= 1_001, `${shown.length} lines shown`);
    assert.equal(shown.at(-1), line(4_999));
    assert.match(shown[0], /^… older lines dropped \(the panel keeps at most 1000 lines/);
    assert.equal(panel.calls[0].kind, 'replace');
    // Lines after it are appended as usual.
    buffer.push(lines(5_000, 5_010));
    buffer.flush();
    assert.equal(panel.calls.at(-1)!.kind, 'append');
    assert.equal(panel.lines().at(-1), line(5_009));
  });
});
