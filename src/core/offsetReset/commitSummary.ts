// The one sentence a person reads after a commit: what moved and what was already there. A plan
// commits every partition it lists, including those whose target equals the committed offset, so
// "Committed 3 offsets" would claim a change where two partitions did not move.
import { explainCommitError, failedPartitions, type ResetResult } from './commitPlan';

const offsets = (n: number) => (n === 1 ? '1 offset' : `${n} offsets`);

export function summarizeCommit(result: ResetResult): string {
  const failed = failedPartitions(result);
  const committed = result.partitions.filter((p) => p.result === 'committed');
  const stayed = committed.filter((p) => p.change === 0).length;
  const moved = committed.length - stayed;
  const alreadyThere = stayed === 1 ? '1 was already there' : `${stayed} were already there`;
  let sentence: string;
  if (committed.length === 0) sentence = `Moved no offsets of ${result.group}.`;
  else if (moved === 0) sentence = `Nothing moved for ${result.group}: ${stayed === 1 ? 'its offset was' : `all ${stayed} offsets were`} already there.`;
  else sentence = stayed === 0 ? `Moved ${offsets(moved)} of ${result.group}.` : `Moved ${offsets(moved)} of ${result.group}; ${alreadyThere}.`;
  if (failed.length === 0) return sentence;
  const lines = failed.map((p) => `${p.topic} / ${p.partition}: ${p.result} — ${explainCommitError(p.result)}`);
  return `${sentence} Not committed (${offsets(failed.length)}) — ${lines.join(' ')}`;
}
