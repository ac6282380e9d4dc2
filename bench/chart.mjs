// A hand-written SVG bar chart of the headline ratios (ours / peer, or figure / target), with the
// target drawn as a line: under it (or over it, for throughput) is good.
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Bars: { label, value (a ratio), target (ratio at which the target is met), higherIsBetter, note }. */
export function headlineBars(results) {
  const s = results.scenarios;
  const bars = [];
  if (s.replay && !s.replay.error) {
    for (const c of s.replay.cases ?? []) bars.push({ label: `Replay ${c.name} ÷ kcat`, value: c.ratio, target: 1, higherIsBetter: true, note: `${fmt(c.ours.recordsPerSec.median)} vs ${fmt(c.kcat.recordsPerSec.median)} rec/s` });
    if (s.replay.startup) bars.push({ label: 'ebx --help ÷ 150 ms', value: Number((s.replay.startup.help.wallMs.median / 150).toFixed(2)), target: 1, higherIsBetter: false, note: `${s.replay.startup.help.wallMs.median} ms` });
  }
  if (s.tail && !s.tail.error) {
    for (const [mode, label] of [['kafka', 'Tail p99 ÷ (kcat + 50 ms)'], ['immediate', 'Tail p99, fetch at once ÷ (kcat + 50 ms)']]) {
      const m = s.tail[mode];
      if (m) bars.push({ label, value: Number((m.ours.p99 / (m.kcat.p99 + 50)).toFixed(2)), target: 1, higherIsBetter: false, note: `${m.ours.p99} vs ${m.kcat.p99} ms` });
    }
    if (s.tail.idle) bars.push({ label: 'Idle fetches/s ÷ 10 (fetch at once)', value: Number((s.tail.idle.immediate.ours / 10).toFixed(2)), target: 1, higherIsBetter: false, note: `${s.tail.idle.immediate.ours}/s (kcat ${s.tail.idle.immediate.kcat}/s)` });
  }
  if (s.cluster && !s.cluster.error) {
    for (const op of s.cluster.operations) bars.push({ label: `${op.name} ÷ 1 s`, value: Number((op.ours.ms / 1000).toFixed(2)), target: 1, higherIsBetter: false, note: `${op.ours.ms} ms, ${op.ours.requests} requests` });
  }
  if (s.vscode && !s.vscode.error) {
    const v = s.vscode;
    // Medians of the tails.
    const cpu = v.cpuCores.median;
    const rss = v.rssGrowthMb.median;
    const heap = v.heapGrowthMb?.median;
    bars.push({ label: 'VS Code: ext. host CPU ÷ 0.1 core', value: Number((cpu / 0.1).toFixed(2)), target: 1, higherIsBetter: false, note: `${cpu} cores` });
    bars.push({ label: 'VS Code: RSS growth ÷ 50 MB', value: Number((rss / 50).toFixed(2)), target: 1, higherIsBetter: false, note: `${rss} MB` });
    if (Number.isFinite(heap)) bars.push({ label: 'VS Code: heap after GC growth ÷ 50 MB', value: Number((heap / 50).toFixed(2)), target: 1, higherIsBetter: false, note: `${heap} MB` });
    bars.push({ label: 'VS Code: palette ÷ (2 × idle)', value: Number((v.paletteRatio.median / 2).toFixed(2)), target: 1, higherIsBetter: false, note: `${v.paletteMs.tailing.median} vs ${v.paletteMs.idle} ms` });
  }
  return bars.filter((b) => Number.isFinite(b.value));
}

function fmt(n) {
  return n >= 1000 ? `${Math.round(n / 1000)}k` : String(n);
}

export function drawChart(results) {
  const bars = headlineBars(results);
  const width = 900;
  const rowH = 30;
  const left = 300;
  const right = 190;
  const top = 50;
  const height = top + bars.length * rowH + 40;
  const maxValue = Math.max(2, ...bars.map((b) => b.value));
  const x = (v) => left + ((width - left - right) * v) / maxValue;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Helvetica, Arial, sans-serif" font-size="13">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="12" y="22" font-size="15" font-weight="bold">Event Broker Explorer benchmarks — each bar relative to its target (${esc(results.mode)} run, ${esc(results.date.slice(0, 10))})</text>`,
    `<text x="12" y="40" fill="#555">green: target met · red: missed · the dashed line marks each target · load avg ${esc(results.loadavgAtStart.join(' '))} on ${results.machine.cpus} cores</text>`,
  ];
  bars.forEach((b, i) => {
    const y = top + i * rowH;
    const met = b.higherIsBetter ? b.value >= b.target : b.value <= b.target;
    parts.push(`<text x="${left - 8}" y="${y + 19}" text-anchor="end">${esc(b.label)}</text>`);
    parts.push(`<rect x="${left}" y="${y + 6}" width="${Math.max(1, x(b.value) - left)}" height="18" fill="${met ? '#2e9d5b' : '#d0453a'}"/>`);
    parts.push(`<line x1="${x(b.target)}" x2="${x(b.target)}" y1="${y + 2}" y2="${y + 28}" stroke="#222" stroke-dasharray="3,2"/>`);
    parts.push(`<text x="${x(b.value) + 6}" y="${y + 19}">${b.value.toFixed(2)} · ${esc(b.note)}</text>`);
  });
  const axisY = top + bars.length * rowH + 8;
  parts.push(`<line x1="${left}" x2="${x(maxValue)}" y1="${axisY}" y2="${axisY}" stroke="#888"/>`);
  for (let v = 0; v <= maxValue; v += maxValue > 4 ? 1 : 0.5) {
    parts.push(`<text x="${x(v)}" y="${axisY + 16}" text-anchor="middle" fill="#555">${v}</text>`);
  }
  parts.push('</svg>\n');
  return parts.join('\n');
}

/**
 * The chart as PNG too: the README shows the PNG (vsce refuses SVG images in a README), the SVG
 * stays the source. Rendered by Debian's Chromium through playwright-core, as the browser tests do.
 */
export async function renderPng(svg, file) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 2 });
    await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
    await page.locator('svg').first().screenshot({ path: file });
  } finally {
    await browser.close();
  }
}
