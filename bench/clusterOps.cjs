// One big-cluster operation through the project's core, as a process of its own (the peer tools
// run as whole processes too). Prints {"op","ms","items"}: ms is the operation alone, in a fresh
// session (connection included), as a tree refresh would pay it.
//
//   node bench/clusterOps.cjs BOOTSTRAP topics|watermarks|groups|lag
const path = require('node:path');
const core = (rel) => require(path.join(__dirname, '..', 'out', 'src', 'core', rel));
const { KafkaSession } = core('session');
const { listTopics } = core('topics/listTopics');
const { partitionWatermarks } = core('partitionWatermarks');
const { listGroups } = core('groups/listGroups');
const { describeGroup } = core('groups/describeGroup');
const { groupLags } = core('groups/groupLags');

const OPS = {
  topics: async (s) => (await listTopics(s)).length,
  watermarks: async (s) => (await partitionWatermarks(s)).length,
  groups: async (s) => (await listGroups(s, 'vast')).count,
  // Lag of every group in one go: ListGroups per broker, OffsetFetch per group, ends per leader.
  lag: async (s) => (await groupLags(s)).reduce((n, g) => n + g.offsets.length, 0),
  // The same through describeGroup per group (what expanding every group in the tree costs), 32 at a time.
  'lag-by-describe': async (s) => {
    const ids = (await listGroups(s, 'vast')).groups.map((g) => g.groupId);
    let rows = 0;
    for (let i = 0; i < ids.length; i += 32) {
      const details = await Promise.all(ids.slice(i, i + 32).map((id) => describeGroup(s, id)));
      rows += details.reduce((n, d) => n + d.offsets.length, 0);
    }
    return rows;
  },
};

(async () => {
  const [bootstrap, op] = process.argv.slice(2);
  const session = KafkaSession.open({ bootstrap: [bootstrap] });
  const t0 = performance.now();
  const items = await OPS[op](session);
  const ms = performance.now() - t0;
  await session.close();
  process.stdout.write(`${JSON.stringify({ op, ms: Math.round(ms), items })}\n`);
})().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
