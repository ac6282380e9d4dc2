// Reset Offsets…: on an Empty or Dead group in the tree, or from the palette (connection and group
// pickers). Topic, partitions and target are asked; core plans; the modal shows exactly that plan.
import * as vscode from 'vscode';
import { describeGroup } from '../../core/groups/describeGroup';
import { listGroups } from '../../core/groups/listGroups';
import { describePartitions, listTopics } from '../../core/topics/listTopics';
import { planReset } from '../../core/offsetReset/resetPlan';
import { parsePositionsCsv } from '../../core/offsetReset/positionsFile';
import type { ResetResult } from '../../core/offsetReset/commitPlan';
import type { ResetTarget } from '../../core/offsetReset/resetTarget';
import { parseTime } from '../../core/time';
import { EbxError, explainError } from '../../core/errors';
import { refuseIfReadOnly } from '../../core/readOnly';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ConnectionStore } from '../connections/connectionStore';
import type { Prompter } from '../prompter';
import { readSettings } from '../settings';
import { Cancelled } from '../runCommand';
import { GroupNode } from '../tree/groupNode';
import { pickConnection } from './pickers';
import { confirmAndCommit } from './commitResetPlan';

const TITLE = 'Reset Offsets';

type TargetKind = ResetTarget['kind'];

export async function resetOffsetsCommand(store: ConnectionStore, prompter: Prompter, afterCommit: (c: BrokerConnection) => void, node?: unknown): Promise<ResetResult> {
  const { connection, groupId } = await groupFromNodeOrPicker(store, prompter, node, TITLE, 'resetting offsets');
  const session = await store.session(connection);
  const target = await askTarget(prompter, groupId);
  let scope: { topic: string; partitions?: number[] }[] = [];
  if (target.kind !== 'positions') {
    const topic = await pickTopicForGroup(store, prompter, connection, groupId);
    const partitions = await describePartitions(session, topic);
    const picked =
      partitions.length === 1
        ? [partitions[0].partition]
        : await prompter.pickMany(
            partitions.map((p) => ({ label: `Partition ${p.partition}`, description: `offsets ${p.low}…${p.high}≈`, picked: true, value: p.partition })),
            { title: `${TITLE}: partitions of ${topic}`, placeHolder: 'Partitions to reset' },
          );
    if (!picked || picked.length === 0) throw new Cancelled();
    scope = [{ topic, partitions: picked.length === partitions.length ? undefined : picked }];
  }
  const plan = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Planning the reset of ${groupId}…` }, () =>
    planReset(session, { group: groupId, scope, target, profile: readSettings().brokerProfile }),
  );
  return confirmAndCommit(store, prompter, connection, plan, afterCommit);
}

/**
 * The group clicked, or a connection and a group picked (every group, with its state: core refuses
 * those with members). `change` names what the command will change: a read-only connection is
 * refused with it as soon as the connection is known, before anything else is asked.
 */
export async function groupFromNodeOrPicker(
  store: ConnectionStore,
  prompter: Prompter,
  node: unknown,
  title: string,
  change?: string,
): Promise<{ connection: BrokerConnection; groupId: string }> {
  if (node instanceof GroupNode) {
    if (change) refuseIfReadOnly(node.connection, change);
    return { connection: node.connection, groupId: node.group.groupId };
  }
  const connection = await pickConnection(store, prompter);
  if (change) refuseIfReadOnly(connection, change);
  const { groups } = await listGroups(await store.session(connection), readSettings().brokerProfile);
  if (groups.length === 0) throw new EbxError(`${connection.name} has no consumer groups yet.`);
  const groupId = await prompter.pickOne(
    groups.map((g) => ({ label: g.groupId, description: `${g.state} · ${g.members} member${g.members === 1 ? '' : 's'}`, value: g.groupId })),
    { title: `${title}: choose a consumer group`, placeHolder: 'Consumer group (only groups without members can have their offsets reset)' },
  );
  if (!groupId) throw new Cancelled();
  return { connection, groupId };
}

/** The group's own topics first (those it has committed for), then every other topic. */
async function pickTopicForGroup(store: ConnectionStore, prompter: Prompter, connection: BrokerConnection, groupId: string): Promise<string> {
  const session = await store.session(connection);
  const own = await describeGroup(session, groupId).then(
    (d) => [...new Set(d.offsets.map((o) => o.topic))],
    () => [] as string[],
  );
  const others = (await listTopics(session)).filter((t) => !t.internal && !own.includes(t.name)).map((t) => t.name);
  const topic = await prompter.pickOne(
    [...own.map((t) => ({ label: t, description: 'committed by this group', value: t })), ...others.map((t) => ({ label: t, description: '', value: t }))],
    { title: `${TITLE}: topic`, placeHolder: 'Topic whose offsets to reset' },
  );
  if (!topic) throw new Cancelled();
  return topic;
}

async function askTarget(prompter: Prompter, groupId: string): Promise<ResetTarget> {
  const kind = await prompter.pickOne<TargetKind>(
    [
      { label: 'Earliest', description: 'the first offset still kept: re-read everything', value: 'earliest' },
      { label: 'Latest', description: 'the end (approximate on VAST): skip everything not yet read', value: 'latest' },
      { label: 'An offset…', description: 'clamped to first…end, as Kafka’s own tool does', value: 'offset' },
      { label: 'A time…', description: 'ISO 8601, epoch ms, or relative like -15m', value: 'time' },
      { label: 'Shift by…', description: '± records from the committed offset', value: 'shift' },
      { label: 'Positions from a file…', description: 'topic,partition,offset lines (kafka-consumer-groups --export)', value: 'positions' },
    ],
    { title: `${TITLE}: move ${groupId} to…` },
  );
  switch (kind) {
    case undefined:
      throw new Cancelled();
    case 'earliest':
    case 'latest':
      return { kind };
    case 'offset':
      return { kind, offset: Number(await ask(prompter, 'the offset', '0', (t) => (/^\d+$/.test(t.trim()) && Number.isSafeInteger(Number(t)) ? undefined : 'A whole number, 0 or more.'))) };
    case 'shift':
      return { kind, by: Number(await ask(prompter, 'shift by (negative re-reads)', '-10', (t) => (/^[-+]?\d+$/.test(t.trim()) && Number.isSafeInteger(Number(t)) ? undefined : 'A whole number, e.g. -10 or 5.'))) };
    case 'time': {
      const text = await ask(prompter, 'the time', '-15m', (t) => {
        try {
          parseTime(t);
          return undefined;
        } catch (err) {
          return explainError(err);
        }
      });
      return { kind, time: parseTime(text) };
    }
    case 'positions': {
      const path = await ask(prompter, 'the CSV file of topic,partition,offset', defaultFolder(), (t) => (t.trim() === '' ? 'A file path.' : undefined));
      const bytes = await vscode.workspace.fs.readFile(vscode.Uri.file(path.trim())).then(
        (b) => b,
        (err: unknown) => {
          throw new Error(`Cannot read ${path.trim()}: ${explainError(err)}`);
        },
      );
      return { kind, positions: parsePositionsCsv(Buffer.from(bytes).toString('utf8'), groupId, path.trim()) };
    }
  }
}

async function ask(prompter: Prompter, what: string, placeHolder: string, validate: (text: string) => string | undefined): Promise<string> {
  const text = await prompter.input({ title: `${TITLE}: ${what}`, placeHolder, validateInput: validate });
  if (text === undefined) throw new Cancelled();
  return text.trim();
}

/** Where files are suggested: the first workspace folder, else the home directory. */
export function defaultFolder(): string {
  return vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? process.env.HOME ?? '/';
}
