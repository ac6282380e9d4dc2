// The ceilings scenario's rows in bench/run.mjs's table, apart from bench/ceilings.mjs so that the
// runner can render them without loading the scenario (which needs the compiled test support).
/** One row per operation and size: ours (requests on the wire), the peer, the ratio, the target. */
export function ceilingRows(scenario, add) {
  const range = (x) => (x.min === x.max ? `${x.median}` : `${x.median} (${x.min}–${x.max})`);
  for (const size of scenario.sizes) {
    for (const op of size.operations) {
      const requests = op.ours.requests === null ? '' : `, ${op.ours.requests} requests`;
      const peerRequests = op.peer?.requests === null || op.peer?.requests === undefined ? '' : `, ${op.peer.requests} requests`;
      add(
        `${size.partitions.toLocaleString('en-US')} partitions: ${op.name}, ms, median (min–max) of ${op.ours.wallMs.n}; CPU ${op.ours.cpuSeconds ? `${op.ours.cpuSeconds.median} s` : 'not measured'}; peak RSS ${op.ours.rssMb.median} MB; load ${range(op.ours.loadavg1)}`,
        `${range(op.ours.wallMs)}${requests}`,
        op.peer ? peerCell(op.peer, range, peerRequests) : '',
        op.ratio,
        op.target,
        op.met,
      );
    }
  }
}

/** The peer's figures, and how often it failed (a failed run is not timed). */
function peerCell(peer, range, peerRequests) {
  const failed = peer.failures > 0 ? `; failed ${peer.failures} of ${peer.failures + (peer.wallMs?.n ?? 0)} runs (${peer.failure})` : '';
  return `${peer.wallMs ? `${range(peer.wallMs)}${peerRequests} ` : ''}${peer.tool}${failed}`;
}
