// Reset Offsets…: on an Empty or Dead group in the tree, or from the palette (connection and group
// pickers). Topic, partitions and target are asked; core plans; the modal shows exactly that plan.
import * as vscode from 'vscode';
import { describeGroup } from '../../core/groups/describeGroup';
import { describePartitions, listTopics } from '../../core/topics/listTopics';
import { planReset } from '../../core/offsetReset/resetPlan';
import { parsePositionsCsv } from '../../core/offsetReset/positionsFile';
import type { ResetTarget } from '../../core/offsetReset/resetTarget';
import { parseTime } from '../../core/time';
import { explainError } from '../../core/errors';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ConnectionStore } from '../connections/connectionStore';
import type { Prompter } from '../prompter';
import { readSettings } from '../settings';
import { Cancelled } from '../runCommand';
import { groupStep } from './targetSteps';
import type { CommandContext } from './commandContext';
import { confirmAndCommit, type CommittedReset } from './commitResetPlan';
import { chooseFileToRead, readChosenFile, type FileKind } from '../chooseFile';
import { commandEntries } from '../commandEntry';

const POSITIONS_FILE: FileKind = { noun: 'positions file', ending: 'csv', filters: { 'CSV (topic,partition,offset)': ['csv'] } };

const TITLE = 'Reset Offsets';

type TargetKind = ResetTarget['kind'];

export async function resetOffsetsCommand(ctx: CommandContext, node?: unknown): Promise<CommittedReset> {
  const { store, prompter } = ctx;
  const { connection, groupId } = await groupStep(ctx, node, TITLE, { change: 'resetting offsets', placeHolder: 'Consumer group (only groups without members can have their offsets reset)' });
  const session = await store.session(connection);
  // What to move before where to: the offset, time or shift is typed knowing the topic it applies to.
  const kind = await askTargetKind(prompter, groupId);
  let scope: { topic: string; partitions?: number[] }[] = [];
  if (kind !== 'positions') {
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
  const target = await askTargetValue(prompter, groupId, kind, scope[0]?.topic);
  const plan = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Planning the reset of ${groupId}…` }, () =>
    planReset(session, { group: groupId, scope, target, profile: readSettings().brokerProfile }),
  );
  return confirmAndCommit(ctx, connection, plan);
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

async function askTargetKind(prompter: Prompter, groupId: string): Promise<TargetKind> {
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
  if (kind === undefined) throw new Cancelled();
  return kind;
}

async function askTargetValue(prompter: Prompter, groupId: string, kind: TargetKind, topic: string | undefined): Promise<ResetTarget> {
  const of = topic ? ` for ${topic}` : '';
  switch (kind) {
    case 'earliest':
    case 'latest':
      return { kind };
    case 'offset':
      return { kind, offset: Number(await ask(prompter, `the offset${of}`, '0', (t) => (/^\d+$/.test(t.trim()) && Number.isSafeInteger(Number(t)) ? undefined : 'A whole number, 0 or more.'))) };
    case 'shift':
      return { kind, by: Number(await ask(prompter, `shift by${of} (negative re-reads)`, '-10', (t) => (/^[-+]?\d+$/.test(t.trim()) && Number.isSafeInteger(Number(t)) ? undefined : 'A whole number, e.g. -10 or 5.'))) };
    case 'time': {
      const text = await ask(prompter, `the time${of}`, '-15m', (t) => {
        try {
          parseTime(t);
          return undefined;
        } catch (err) {
          return explainError(err);
        }
      }, TIME_FORMATS);
      return { kind, time: parseTime(text) };
    }
    case 'positions': {
      const uri = await chooseFileToRead(prompter, POSITIONS_FILE, `${TITLE}: the CSV file of topic,partition,offset`);
      return { kind, positions: parsePositionsCsv(await readChosenFile(uri, POSITIONS_FILE), groupId, uri.fsPath) };
    }
  }
}

/** Said in the input box itself: a placeholder disappears at the first key typed. */
export const TIME_FORMATS = 'ISO 8601 (2026-11-30T10:00:00Z), epoch milliseconds (1764496800000), or relative to now (-15m, -2h, -1d). The group moves to the first record at or after it.';

async function ask(prompter: Prompter, what: string, placeHolder: string, validate: (text: string) => string | undefined, prompt?: string): Promise<string> {
  const text = await prompter.input({ title: `${TITLE}: ${what}`, placeHolder, prompt, validateInput: validate });
  if (text === undefined) throw new Cancelled();
  return text.trim();
}

export const resetOffsetsCommands = commandEntries({ id: 'eventBroker.resetOffsets', run: resetOffsetsCommand });
