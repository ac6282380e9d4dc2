// Reads a V8 .cpuprofile (node --cpu-prof) of the bundled CLI and says where the time went: the
// top frames by self time, mapped back to their sources through the source maps of dist/cli/*.mjs, and the share of
// each part of the pipeline (kafkajs decoding, record to text, JSON, output, GC, idle).
import fs from 'node:fs';
import { SourceMap } from 'node:module';

const CATEGORIES = [
  ['kafkajs decode', /node_modules\/kafkajs\/src\/protocol/],
  ['kafkajs network', /node_modules\/kafkajs\/src\/(network|broker|cluster)/],
  ['kafkajs other', /node_modules\/kafkajs/],
  ['Fetch decoding (ours)', /src\/core\/kafka\/(recordBatchDecoder|fetchResponseDecoder|fetchRequest|codecs)/],
  ['record to text (showRecord)', /src\/core\/records\/render\/decode/],
  ['JSON Lines + escaping (output)', /src\/(cli\/output|core\/records\/render\/(terminalText|jsonLinesBytes))/],
  ['reader / replay', /src\/core\/(reader|replay|tail|kafka)/],
  ['CLI stream', /src\/cli\//],
];

export function summarizeProfile(file, { top = 12 } = {}) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  // The CLI is split into chunks (dist/cli/*.mjs), each with its own source map.
  const maps = new Map();
  const mapOf = (url) => {
    if (!/\/dist\/cli\/[^/]+\.mjs$/.test(url)) return undefined;
    if (!maps.has(url)) {
      const file = `${url.replace(/^file:\/\//, '')}.map`;
      maps.set(url, fs.existsSync(file) ? new SourceMap(JSON.parse(fs.readFileSync(file, 'utf8'))) : undefined);
    }
    return maps.get(url);
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  // Self time per node from the samples and their time deltas.
  const self = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    self.set(id, (self.get(id) ?? 0) + dt);
    total += dt;
  });

  const sourceOf = (node) => {
    const { url, lineNumber, columnNumber } = node.callFrame;
    if (!url) return undefined;
    const map = mapOf(url);
    if (map) {
      const e = map.findEntry(lineNumber, columnNumber);
      if (e?.originalSource) return { file: e.originalSource.replace(/^.*?(node_modules\/|src\/)/, '$1'), line: (e.originalLine ?? 0) + 1 };
    }
    return { file: url.replace(/^.*?(node_modules\/|src\/|node:)/, '$1'), line: lineNumber + 1 };
  };
  const categoryOf = (id) => {
    const name = byId.get(id).callFrame.functionName;
    if (name === '(garbage collector)') return 'GC';
    if (name === '(idle)' || name === '(program)') return 'idle / waiting for I/O';
    if (/^(writev|writeBuffer|writeUtf8String|writeLatin1String)$/.test(name)) return 'output write';
    // A built-in (JSON.stringify, Buffer#toString, ...) counts for the code that called it.
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const src = sourceOf(byId.get(at));
      if (!src) continue;
      if (src.file.startsWith('node:') || src.file.startsWith('internal')) {
        if (/stream|net|fs/.test(src.file)) return 'output write';
        continue;
      }
      for (const [cat, re] of CATEGORIES) if (re.test(src.file)) return cat;
      return 'other';
    }
    return 'other';
  };

  const categories = {};
  const frames = new Map();
  for (const [id, us] of self) {
    const cat = categoryOf(id);
    categories[cat] = (categories[cat] ?? 0) + us;
    const node = byId.get(id);
    const src = sourceOf(node);
    const key = `${node.callFrame.functionName || '(anonymous)'} ${src ? `${src.file}:${src.line}` : '(native)'}`;
    frames.set(key, (frames.get(key) ?? 0) + us);
  }
  const pct = (us) => Number(((100 * us) / total).toFixed(1));
  return {
    totalMs: Math.round(total / 1000),
    categories: Object.fromEntries(Object.entries(categories).sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, pct(v)])),
    topFrames: [...frames].sort((a, b) => b[1] - a[1]).slice(0, top).map(([frame, us]) => ({ frame, selfPct: pct(us) })),
  };
}
