// The words of a consumer group's tree row and tooltip that come from the group itself (no vscode
// here, so they are unit-tested): a classic group's row reads as it always has, another protocol's
// says which.
import type { GroupSummary } from '../../core/model';
import { counted } from '../../core/counted';

/** "Stable · 1 member", then "consumer protocol" for a group that is not classic. */
export function groupStateWords(g: Pick<GroupSummary, 'state' | 'members' | 'type'>): string[] {
  const words = [g.state, counted(g.members, 'member')];
  if (g.type !== 'classic') words.push(`${g.type} protocol`);
  return words;
}

/** The tooltip's name for a group's protocol. */
export function groupProtocolWords(type: string): string {
  if (type === 'classic') return 'classic';
  if (type === 'consumer') return 'consumer (KIP-848, group.protocol=consumer)';
  return type;
}
