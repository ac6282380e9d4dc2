import type { TimestampHistogram } from './messages';
import { button, el, localTime, utcInstant } from './dom';

const HEIGHT = 56;

/**
 * The timestamp histogram above the table, drawn on a canvas in the theme's chart colour. Dragging
 * across it picks a time range (`onRange`); the range in force is shaded; "All times" clears it.
 */
export class TimeHistogram {
  readonly element: HTMLDivElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly fromLabel: HTMLSpanElement;
  private readonly toLabel: HTMLSpanElement;
  private readonly rangeLabel: HTMLSpanElement;
  private readonly clear: HTMLButtonElement;
  private data: TimestampHistogram | null = null;
  private range: { from?: number; to?: number } = {};
  private drag: { startX: number; x: number } | undefined;

  constructor(private readonly onRange: (from: number | undefined, to: number | undefined) => void) {
    this.canvas = el('canvas', { className: 'histogram', title: 'Records over time: drag to narrow the table to a time range' });
    this.canvas.height = HEIGHT;
    this.canvas.setAttribute('role', 'img');
    this.fromLabel = el('span', { className: 'muted' });
    this.toLabel = el('span', { className: 'muted' });
    this.rangeLabel = el('span');
    this.clear = button('All times', () => this.onRange(undefined, undefined), { secondary: true, title: 'Show every loaded time again' });
    this.element = el('div', { className: 'histogram-box' }, this.canvas, el('div', { className: 'axis' }, this.fromLabel, this.rangeLabel, this.clear, this.toLabel));
    this.canvas.addEventListener('mousedown', (e) => {
      this.drag = { startX: e.offsetX, x: e.offsetX };
      this.draw();
    });
    window.addEventListener('mousemove', (e) => {
      if (!this.drag) return;
      this.drag.x = Math.max(0, Math.min(this.canvas.clientWidth, e.clientX - this.canvas.getBoundingClientRect().left));
      this.draw();
    });
    window.addEventListener('mouseup', () => this.endDrag());
    new ResizeObserver(() => this.draw()).observe(this.canvas);
  }

  update(data: TimestampHistogram | null, range: { from?: number; to?: number }): void {
    this.data = data;
    this.range = range;
    this.element.hidden = data === null;
    if (data) {
      this.fromLabel.textContent = localTime(data.from);
      this.fromLabel.title = utcInstant(data.from);
      this.toLabel.textContent = localTime(data.to);
      this.toLabel.title = utcInstant(data.to);
    }
    const narrowed = range.from !== undefined || range.to !== undefined;
    this.rangeLabel.textContent = narrowed ? `${range.from !== undefined ? localTime(range.from) : '…'} → ${range.to !== undefined ? localTime(range.to) : '…'}` : '';
    this.clear.hidden = !narrowed;
    this.draw();
  }

  private endDrag(): void {
    const drag = this.drag;
    this.drag = undefined;
    if (!drag || !this.data) return;
    const a = Math.min(drag.startX, drag.x);
    const b = Math.max(drag.startX, drag.x);
    if (b - a < 3) {
      this.draw(); // a click, not a drag
      return;
    }
    this.onRange(Math.floor(this.timeAt(a)), Math.ceil(this.timeAt(b)));
  }

  private timeAt(x: number): number {
    const d = this.data!;
    return d.from + (x / Math.max(1, this.canvas.clientWidth)) * (d.to - d.from);
  }

  private xAt(time: number): number {
    const d = this.data!;
    return ((time - d.from) / Math.max(1, d.to - d.from)) * this.canvas.clientWidth;
  }

  private draw(): void {
    const d = this.data;
    const ratio = window.devicePixelRatio || 1;
    const width = this.canvas.clientWidth;
    this.canvas.width = Math.max(1, Math.round(width * ratio));
    this.canvas.height = Math.round(HEIGHT * ratio);
    const g = this.canvas.getContext('2d');
    if (!g || !d) return;
    g.scale(ratio, ratio);
    const style = getComputedStyle(document.body);
    const color = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
    const max = Math.max(1, ...d.counts);
    const barWidth = width / d.counts.length;
    g.fillStyle = color('--vscode-charts-blue', color('--vscode-foreground', '#888'));
    d.counts.forEach((count, i) => {
      if (count === 0) return;
      const h = Math.max(1, (count / max) * (HEIGHT - 4));
      g.fillRect(i * barWidth + 0.5, HEIGHT - h, Math.max(1, barWidth - 1), h);
    });
    const shade = (x0: number, x1: number) => {
      g.fillStyle = color('--vscode-editor-selectionBackground', 'rgba(128,128,255,0.3)');
      g.globalAlpha = 0.6;
      g.fillRect(x0, 0, Math.max(1, x1 - x0), HEIGHT);
      g.globalAlpha = 1;
    };
    if (this.drag) shade(Math.min(this.drag.startX, this.drag.x), Math.max(this.drag.startX, this.drag.x));
    else if (this.range.from !== undefined || this.range.to !== undefined) shade(this.xAt(this.range.from ?? d.from), this.xAt(this.range.to ?? d.to));
  }
}
