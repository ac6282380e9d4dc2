// The Watch Lag page: what the extension last sampled, drawn as text and two SVG charts. It holds
// no data of its own: each 'state' message replaces the whole picture (see messages.ts). Every
// value goes in with textContent (a topic name is data, never markup).
import '../shared/base.css';
import './lagChart.css';
import { connectToExtension } from '../shared/extensionChannel';
import { drawLineChart, roundStep, type ChartSeries } from './lineChart';
import type { FromLagChart, LagChartState, ToLagChart } from './messages';

/** Colour classes of the partitions' lines (lagChart.css maps them to --vscode-charts-*). */
const PARTITION_COLOURS = 6;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, options: { id?: string; className?: string; text?: string } = {}, parent: Element = document.body): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (options.id) node.id = options.id;
  if (options.className) node.className = options.className;
  if (options.text !== undefined) node.textContent = options.text;
  parent.appendChild(node);
  return node;
}

function chartSvg(parent: Element, id: string): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.id = id;
  svg.setAttribute('role', 'img');
  parent.appendChild(svg);
  return svg;
}

// The page's skeleton, built once; render() fills it.
const header = element('header');
const title = element('h1', { id: 'title', text: 'Lag' }, header);
const subtitle = element('p', { id: 'subtitle', className: 'muted' }, header);
const error = element('p', { id: 'error', className: 'error' });
error.setAttribute('role', 'alert');
const summary = element('section', { id: 'summary' });
const timeLag = element('div', { id: 'current-time-lag', className: 'figure' }, summary);
const offsetLag = element('div', { id: 'current-offset-lag', className: 'figure' }, summary);
const trend = element('div', { id: 'trend', className: 'trend' }, summary);
const sampled = element('div', { id: 'sampled', className: 'muted' }, summary);

const offsetSection = element('section', { className: 'chart' });
const offsetTitle = element('h2', { text: 'Offset lag per partition (records)' }, offsetSection);
const offsetLegend = element('ul', { id: 'legend', className: 'legend' }, offsetSection);
const offsetChart = chartSvg(offsetSection, 'offset-lag-chart');
const timeSection = element('section', { className: 'chart' });
element('h2', { text: "Time lag (the group's worst partition)" }, timeSection);
const timeChart = chartSvg(timeSection, 'time-lag-chart');

const tableSection = element('section');
element('h2', { text: 'Now, per partition' }, tableSection);
const table = element('table', { id: 'partitions' }, tableSection);
const headRow = element('tr', {}, element('thead', {}, table));
const [, , endHeader] = ['partition', 'committed', 'end', 'offset lag', 'time lag', ''].map((name) => element('th', { text: name }, headRow));
const tableBody = element('tbody', {}, table);
const footnote = element('p', { id: 'footnote', className: 'muted' });

let last: LagChartState | undefined;

function durationAxis(max: number): { step: number; format: (v: number) => string } {
  const [unit, name] = max < 120_000 ? [1000, 's'] : max < 7_200_000 ? [60_000, 'min'] : [3_600_000, 'h'];
  return { step: roundStep(max / unit) * unit, format: (v) => `${Math.round((v / unit) * 10) / 10} ${name}` };
}

function drawCharts(state: LagChartState): void {
  const times = state.points.map((p) => p.at);
  const windowEnd = Math.max(state.current?.sampledAt ?? 0, times.at(-1) ?? 0) || Date.now();
  // From the first sample (at most the window back), and at least a minute, so a fresh watch is not a sliver.
  const windowStart = Math.min(Math.max(windowEnd - state.windowMs, times[0] ?? windowEnd), windowEnd - 60_000);
  const width = Math.max(320, document.body.clientWidth - 24);
  const partitions: ChartSeries[] = state.partitions.map((p, i) => ({
    name: `${p.topic} p${p.partition}`,
    colourClass: `series-${i % PARTITION_COLOURS}`,
    values: state.points.map((point) => point.lags[i] ?? null),
  }));
  drawLineChart(offsetChart, { times, windowStart, windowEnd, series: partitions, formatY: (v) => v.toLocaleString('en-US'), niceStep: (max) => roundStep(max) }, width, 180);
  const timeValues = state.points.map((p) => p.maxTimeLagMs);
  const axis = durationAxis(timeValues.reduce<number>((max, v) => (v !== null && v > max ? v : max), 0));
  drawLineChart(timeChart, { times, windowStart, windowEnd, series: [{ name: 'time lag', colourClass: 'time-lag', values: timeValues }], formatY: axis.format, niceStep: () => axis.step }, width, 140);
}

function render(state: LagChartState): void {
  last = state;
  title.textContent = `Lag of ${state.group}`;
  subtitle.textContent = `${state.connection} · sampled every ${state.intervalSeconds} s until this panel is closed · charts keep the last ${Math.round(state.windowMs / 60_000)} minutes`;
  error.textContent = state.error ?? '';
  error.hidden = !state.error;
  const current = state.current;
  timeLag.textContent = current ? `Time lag: ${current.timeLag}` : 'Time lag: reading…';
  offsetLag.textContent = current ? `Offset lag: ${current.offsetLag}` : '';
  trend.textContent = state.trend ? `Trend: ${state.trend}` : 'Trend: needs a few samples';
  sampled.textContent = current ? `sampled at ${new Date(current.sampledAt).toLocaleTimeString()} · group ${current.state}` : '';
  offsetTitle.textContent = `Offset lag per partition (records${state.endApproximate ? ', ≈' : ''})`;
  endHeader.textContent = state.endApproximate ? 'end ≈' : 'end';

  offsetLegend.replaceChildren();
  state.partitions.forEach((p, i) => {
    const item = element('li', { className: `series-${i % PARTITION_COLOURS}` }, offsetLegend);
    element('span', { className: 'swatch' }, item);
    element('span', { text: `${p.topic} p${p.partition}` }, item);
  });

  tableBody.replaceChildren();
  for (const row of current?.rows ?? []) {
    const tr = element('tr', {}, tableBody);
    for (const cell of [`${row.topic} p${row.partition}`, row.committed, row.end, row.offsetLag, row.timeLag]) element('td', { text: cell }, tr);
    element('td', { className: row.note ? 'note warning' : 'note', text: row.note ?? '' }, tr);
  }
  footnote.textContent =
    'Time lag is read, not estimated: the record at the committed offset is fetched (without joining the group) and its age is how far behind the group is; an empty fetch means caught up.' +
    (state.endApproximate ? ' Offset lag comes from end offsets, which on VAST can trail the newest events by up to a minute (≈).' : '');
  drawCharts(state);
}

const channel = connectToExtension<ToLagChart, FromLagChart>((message) => {
  if (message.type === 'state') render(message.state);
});
new ResizeObserver(() => {
  if (last) drawCharts(last);
}).observe(document.body);
channel.post({ type: 'ready' });
