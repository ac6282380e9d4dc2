// A small SVG line chart over a time window: a few series, a y axis from 0 with round ticks, and
// clock times along the x axis. Plain SVG rather than a chart library: the series are coloured by
// CSS classes over VS Code's --vscode-charts-* variables (so a theme change recolours it with no
// code), every label is a <text> node set with textContent, and it is ~150 lines.

const SVG = 'http://www.w3.org/2000/svg';

export interface ChartSeries {
  name: string;
  /** A CSS class that gives the line its colour (see lagChart.css: series-0 … series-5, time-lag). */
  colourClass: string;
  /** One value per time in `LineChartData.times`; null leaves a gap. */
  values: (number | null)[];
}

export interface LineChartData {
  times: number[];
  windowStart: number;
  windowEnd: number;
  series: ChartSeries[];
  /** How a y value reads on the axis ("120", "3 min"). */
  formatY(value: number): string;
  /** Round steps for the y axis in the values' own unit (records), or per unit (durations). */
  niceStep(max: number): number;
}

const MARGIN = { top: 10, right: 16, bottom: 24, left: 64 };

function el<K extends keyof SVGElementTagNameMap>(name: K, attributes: Record<string, string | number>, parent: Element): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  parent.appendChild(node);
  return node;
}

function text(content: string, attributes: Record<string, string | number>, parent: Element): SVGTextElement {
  const node = el('text', attributes, parent);
  node.textContent = content;
  return node;
}

/** 1, 2 or 5 times a power of ten, so that about five ticks cover `max`. */
export function roundStep(max: number): number {
  if (!(max > 0)) return 1;
  const raw = max / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  return Math.max(step, Number.MIN_VALUE);
}

const TIME_STEPS_MS = [5, 10, 15, 30, 60, 120, 300, 600].map((s) => s * 1000);

/** About five clock ticks over the span; seconds shown when the ticks are closer than a minute. */
function timeTicks(start: number, end: number): { step: number; label: (t: number) => string } {
  const step = TIME_STEPS_MS.find((s) => (end - start) / s <= 6) ?? TIME_STEPS_MS[TIME_STEPS_MS.length - 1];
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    step,
    label: (t) => {
      const d = new Date(t);
      return `${two(d.getHours())}:${two(d.getMinutes())}${step < 60_000 ? `:${two(d.getSeconds())}` : ''}`;
    },
  };
}

/** Draws the chart into `svg` (its previous content is replaced), `width` × `height` pixels. */
export function drawLineChart(svg: SVGSVGElement, data: LineChartData, width: number, height: number): void {
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('width', String(width));
  svg.setAttribute('height', String(height));
  const plotW = Math.max(10, width - MARGIN.left - MARGIN.right);
  const plotH = Math.max(10, height - MARGIN.top - MARGIN.bottom);
  // (A loop, not Math.max(...values): 30 minutes of samples of many partitions are too many arguments.)
  let highest = 0;
  for (const s of data.series) for (const v of s.values) if (v !== null && v > highest) highest = v;
  const step = data.niceStep(highest);
  const yMax = Math.max(step, Math.ceil(highest / step) * step);
  const span = Math.max(1, data.windowEnd - data.windowStart);
  const x = (t: number) => MARGIN.left + ((t - data.windowStart) / span) * plotW;
  const y = (v: number) => MARGIN.top + plotH - (v / yMax) * plotH;

  const axes = el('g', { class: 'axes' }, svg);
  for (let v = 0; v <= yMax + step / 2; v += step) {
    el('line', { class: 'grid', x1: MARGIN.left, x2: MARGIN.left + plotW, y1: y(v), y2: y(v) }, axes);
    text(data.formatY(v), { class: 'tick', x: MARGIN.left - 6, y: y(v) + 4, 'text-anchor': 'end' }, axes);
  }
  const ticks = timeTicks(data.windowStart, data.windowEnd);
  for (let t = Math.ceil(data.windowStart / ticks.step) * ticks.step; t <= data.windowEnd; t += ticks.step) {
    el('line', { class: 'grid', x1: x(t), x2: x(t), y1: MARGIN.top, y2: MARGIN.top + plotH }, axes);
    text(ticks.label(t), { class: 'tick', x: x(t), y: MARGIN.top + plotH + 16, 'text-anchor': 'middle' }, axes);
  }
  el('line', { class: 'axis', x1: MARGIN.left, x2: MARGIN.left + plotW, y1: y(0), y2: y(0) }, axes);

  for (const series of data.series) {
    const group = el('g', { class: `series ${series.colourClass}` }, svg);
    el('title', {}, group).textContent = series.name;
    // Gaps (null) split the line; a lone point is drawn as a dot so a first sample shows.
    let run: string[] = [];
    const flush = () => {
      if (run.length > 1) el('polyline', { points: run.join(' ') }, group);
      else if (run.length === 1) {
        const [cx, cy] = run[0].split(',');
        el('circle', { cx, cy, r: 2.5 }, group);
      }
      run = [];
    };
    series.values.forEach((v, i) => {
      const t = data.times[i];
      if (v === null || t < data.windowStart) return flush();
      run.push(`${x(t).toFixed(1)},${y(v).toFixed(1)}`);
    });
    flush();
  }
}
