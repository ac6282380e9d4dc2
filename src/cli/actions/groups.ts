// What ebx groups and ebx group do (commands/groups.ts declares them).
import type { Command } from 'commander';
import { describeGroup } from '../../core/groups/describeGroup';
import { listGroups } from '../../core/groups/listGroups';
import { groupLags, type GroupLag } from '../../core/groups/groupLags';
import type { GroupDetail, GroupList } from '../../core/model';
import { escapeForTerminal } from '../../core/rendering/terminalText';
import { counted } from '../../core/counted';
import { globalsOf } from '../globalOptions';
import { formatTable, printJson, writeOut } from '../output';
import { oneShot } from '../session';

export async function showGroups(command: Command, options: { lag?: boolean } = {}): Promise<void> {
  const globals = globalsOf(command);
  const { list, lags } = await oneShot(globals, async (session) => {
    const listed = await listGroups(session, globals.profile);
    // The groups just listed, not a second listing: their lags in one pass (core/groups/groupLags.ts).
    return { list: listed, lags: options.lag ? lagTotals(await groupLags(session, listed.groups.map((g) => g.groupId))) : undefined };
  });
  if (globals.json) return printJson(groupListJson(list, lags));
  await writeOut(lags ? groupLagText(list, lags) : groupListText(list));
}

/** Per group, only what the list shows: the partitions it committed and their summed lag (not 20,000 offset rows). */
interface LagTotal {
  partitions: number;
  totalLag: number | null;
  error?: string;
}

function lagTotals(lags: GroupLag[]): Map<string, LagTotal> {
  return new Map(lags.map((l) => [l.groupId, { partitions: l.offsets.length, totalLag: l.totalLag, ...(l.error ? { error: l.error } : {}) }]));
}

function groupLagText(list: GroupList, lags: Map<string, LagTotal>): string {
  const rows = list.groups.map((g) => {
    const lag = lags.get(g.groupId);
    return [g.groupId, g.type, g.state, g.members, lag?.partitions ?? 0, lag?.error ? `error: ${lag.error}` : lag?.totalLag === null || lag?.totalLag === undefined ? '-' : `~${lag.totalLag}`];
  });
  const table = rows.length ? formatTable(['GROUP', 'TYPE', 'STATE', 'MEMBERS', 'PARTITIONS', 'LAG (APPROX.)'], rows) : '';
  return `${table}${groupListText({ ...list, groups: [] })}Lag is approximate: the end offset a broker reports can trail the newest events (on VAST by up to a minute).\n`;
}

export async function showGroup(groupId: string, command: Command): Promise<void> {
  const globals = globalsOf(command);
  const detail = await oneShot(globals, (session) => describeGroup(session, groupId));
  if (globals.json) return printJson(groupDetailJson(detail));
  await writeOut(groupDetailText(detail));
}

function groupListJson(list: GroupList, lags?: Map<string, LagTotal>) {
  return {
    // New keys go last: scripts read these rows.
    groups: list.groups.map(({ groupId, state, protocolType, protocol, members, type }) => ({ groupId, state, protocolType, protocol, members, type, ...(lags ? { lag: lags.get(groupId) ?? { partitions: 0, totalLag: null } } : {}) })),
    count: list.count,
    limit: list.limit,
  };
}

function groupListText(list: GroupList): string {
  const table = list.groups.length
    ? formatTable(['GROUP', 'TYPE', 'STATE', 'PROTOCOL TYPE', 'ASSIGNOR', 'MEMBERS'], list.groups.map((g) => [g.groupId, g.type, g.state, g.protocolType || '-', g.protocol || '-', g.members]))
    : '';
  let summary = counted(list.count, 'group');
  if (list.limit !== null) {
    summary += ` of at most ${list.limit} per view`;
    if (list.count >= list.limit) summary += ' — at the cap: the broker lists at most this many, and new groups cannot be created; delete idle ones (ebx delete-idle-groups)';
  }
  return `${table}${summary}\n`;
}

function groupDetailJson(d: GroupDetail) {
  return {
    groupId: d.groupId,
    state: d.state,
    protocol: d.protocol,
    members: d.members.map(({ memberId, clientId, host, assignment }) => ({
      memberId,
      clientId,
      host,
      assignment: assignment.map(({ topic, partitions }) => ({ topic, partitions })),
    })),
    offsets: d.offsets.map(({ topic, partition, committed, end, lag }) => ({ topic, partition, committed, end, lag })),
    type: d.type,
  };
}

function groupDetailText(d: GroupDetail): string {
  let text = formatTable(['GROUP', 'TYPE', 'STATE', 'ASSIGNOR', 'MEMBERS'], [[d.groupId, d.type, d.state, d.protocol || '-', d.members.length]]);
  if (d.members.length) {
    text += `\n${formatTable(
      ['MEMBER', 'CLIENT', 'HOST', 'ASSIGNMENT'],
      d.members.map((m) => [m.memberId, m.clientId, m.host, m.assignment.map((a) => `${a.topic}[${a.partitions.join(',')}]`).join(' ') || '-']),
    )}`;
  }
  if (d.offsets.length) {
    text += `\n${formatTable(
      ['TOPIC', 'PARTITION', 'COMMITTED', 'END (APPROX.)', 'LAG (APPROX.)'],
      d.offsets.map((o) => [o.topic, o.partition, o.committed ?? 'none', o.end === null ? null : `~${o.end}`, o.lag === null ? null : `~${o.lag}`]),
    )}`;
    text += 'Lag is approximate: the end offset a broker reports can trail the newest events (on VAST by up to a minute).\n';
  } else {
    text += `\n${escapeForTerminal(d.groupId)} has no committed offsets.\n`;
  }
  return text;
}
