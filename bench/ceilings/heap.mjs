// The ceilings scenario's memory check (issue 25: "the CLI and the extension host hold no
// per-partition object they do not need"): what a long-lived session — the extension keeps one per
// connection — still holds after each operation on the big topic, measured as the V8 heap in use
// plus the Buffers outside it, after a full garbage collection. Resident memory is not that figure:
// V8 grows its heap for the garbage an operation makes and keeps the pages for the next one, so a
// peak RSS says how much an operation allocated, not what it kept.
//
// Run as its own process (node --expose-gc), so nothing of the bench's shares its heap:
//   node --expose-gc bench/ceilings/heap.mjs BOOTSTRAP TOPIC GROUP
// prints one JSON object: the MB in use after connecting, and after each operation, with the
// operation's own peak (sampled every 5 ms). The figures include the code V8 compiled meanwhile.
import { requireOut } from '../lib.mjs';

const [bootstrap, topic, group] = process.argv.slice(2);
if (!bootstrap || !topic || !group || typeof globalThis.gc !== 'function') {
  process.stderr.write('usage: node --expose-gc bench/ceilings/heap.mjs BOOTSTRAP TOPIC GROUP\n');
  process.exit(2);
}

const { KafkaSession } = requireOut('core/session.js');
const { describePartitions } = requireOut('core/topics/listTopics.js');
const { readGroupLag } = requireOut('core/lag/readGroupLag.js');
const { searchBatches } = requireOut('core/search/searchRecords.js');

const MB = 1024 * 1024;
/** The JS heap in use plus the memory of Buffers outside it (a Fetch answer is one): what the process holds. */
const inUse = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};
const inUseAfterGcMb = () => {
  globalThis.gc();
  globalThis.gc();
  return inUse() / MB;
};
const round = (x) => Math.round(x * 10) / 10;

/** Runs `work`, sampling the heap in use meanwhile; returns its result and that peak in MB. */
async function withPeak(work) {
  let peak = inUse();
  const sampler = setInterval(() => (peak = Math.max(peak, inUse())), 5);
  try {
    const result = await work();
    return { result, peakMb: Math.max(peak, inUse()) / MB };
  } finally {
    clearInterval(sampler);
  }
}

const session = KafkaSession.open({ bootstrap: bootstrap.split(',') });
try {
  // Connected, with the brokers known, before the first figure: the session's own fixed cost.
  await session.cluster().partitionsOf([topic]);
  const connectedMb = inUseAfterGcMb();

  // The tree's topic node keeps its partitions for paging and the filter: this one is kept too.
  const listed = await withPeak(() => describePartitions(session, topic));
  const partitions = listed.result.length;
  const heldPartitionsMb = inUseAfterGcMb();

  const lag = await withPeak(() => readGroupLag(session, group, { profile: 'kafka' }));
  const lagRows = lag.result.partitions.length;
  lag.result = undefined;
  const afterLagMb = inUseAfterGcMb();

  const search = await withPeak(async () => {
    const batches = searchBatches(session, { topic, start: { kind: 'beginning' }, criteria: { valueContains: 'no record has this' }, maxMatches: 10, maxScan: 10_000_000 });
    for (;;) if ((await batches.next()).done) return undefined;
  });
  const afterSearchMb = inUseAfterGcMb();

  process.stdout.write(
    `${JSON.stringify({
      partitions,
      lagRows,
      connectedMb: round(connectedMb),
      describePartitions: { peakMb: round(listed.peakMb), keptMb: round(heldPartitionsMb) },
      lag: { peakMb: round(lag.peakMb), keptMb: round(afterLagMb) },
      search: { peakMb: round(search.peakMb), keptMb: round(afterSearchMb) },
    })}\n`,
  );
  void listed.result; // held to the end on purpose, as the tree holds it
} finally {
  await session.close();
}
process.exit(0);
