// Scenario "search": `ebx search` over the records of one partition against `ebx replay` of the same
// records, both to /dev/null, alternating who goes first, medians with the spread (min–max). The
// issue's target: search at ≥ 0.8 × the replay rate of the same records. Three searches:
//   - --value-contains matching every record: replay's work (every record formatted and written)
//     plus the match, the fairest comparison;
//   - --value-contains matching none: bytes compared in place (Buffer.indexOf), nothing written;
//   - --where on a JSON field matching none: every value parsed as JSON and the CEL expression evaluated.
// Both stop at --max-scan = the record count, as replay stops at --max: neither waits for empty fetches.
// The topic is the replay scenario's one-partition topic (filled the same way when it is missing).
import { EBX, check, createTopics, loadavg, ratio, say, spread, timed } from './lib.mjs';
import { fill } from './replay.mjs';

export async function searchScenario({ bootstrap, quick, reps }) {
  const records = quick ? 20_000 : 1_000_000;
  const topic = `bench-replay-${records}`;
  await createTopics(bootstrap, [{ topic, numPartitions: 1 }]);
  await fill(bootstrap, topic, 0, records);
  const replay = [EBX, '--bootstrap', bootstrap, '--json', 'replay', topic, '--partition', '0', '--from-beginning', '--max', String(records)];
  const search = (...criteria) => [EBX, '--bootstrap', bootstrap, 'search', topic, '--partition', '0', '--from-beginning', '--max-scan', String(records), ...criteria];
  const cases = [
    { name: 'value contains, every record matches', ours: search('--value-contains', '"kind":"bench"', '--max-matches', String(records)) },
    { name: 'value contains, no match', ours: search('--value-contains', 'no record has this') },
    { name: 'where on a JSON field', ours: search('--where', 'value.kind == "no such kind"') },
  ];
  const results = [];
  for (const c of cases) {
    const runs = { search: [], replay: [] };
    for (let rep = 0; rep < reps; rep++) {
      for (const who of rep % 2 === 0 ? ['search', 'replay'] : ['replay', 'search']) {
        const load = loadavg()[0];
        const r = check(await timed(process.execPath, who === 'search' ? c.ours : replay), `${who} (${c.name})`);
        if (who === 'search' && !r.stderr.includes(`scanned ${records} records`)) {
          throw new Error(`search (${c.name}) did not scan all ${records} records: ${r.stderr.trim()}`);
        }
        runs[who].push({ ...r, load });
        say(`search ${c.name}: ${who} rep ${rep + 1}: ${(r.wallMs / 1000).toFixed(2)} s, ${Math.round(records / (r.wallMs / 1000))} records/s, load ${load}`);
      }
    }
    const rate = (list) => spread(list.map((r) => records / (r.wallMs / 1000)), 0);
    const ours = { recordsPerSec: rate(runs.search), cpuSeconds: spread(runs.search.map((r) => r.cpuSeconds), 2), loadavg1: spread(runs.search.map((r) => r.load), 2) };
    const peer = { recordsPerSec: rate(runs.replay), cpuSeconds: spread(runs.replay.map((r) => r.cpuSeconds), 2) };
    const rateRatio = ratio(ours.recordsPerSec.median, peer.recordsPerSec.median);
    results.push({ name: c.name, records, ours, replay: peer, ratio: rateRatio, pairRatios: runs.search.map((s, i) => ratio(runs.replay[i].wallMs, s.wallMs)), target: '≥ 0.8 × replay', met: rateRatio !== null && rateRatio >= 0.8 });
  }
  return { repetitions: reps, cases: results, target: 'search ≥ 0.8 × the replay rate of the same records', met: results.every((r) => r.met) };
}
