// What ebx topics, partitions, create-topic and delete-topic do (commands/topics.ts declares them).
import type { Command } from 'commander';
import { describePartitions, listTopics } from '../../core/topics/listTopics';
import { createPlannedTopic, describeTopicCreation, planTopicCreation } from '../../core/topics/createTopicPlan';
import { configAssignments } from '../../core/topics/configNames';
import { deletePlannedTopics, describeTopicDeletion, planTopicDeletion, TOPIC_DELETION_WARNING, type TopicDeletionOutcome } from '../../core/topics/deleteTopicsPlan';
import { canAsk, confirmDeletion, reportNothingDeleted, requireTerminalOrYes } from '../confirm';
import { EXIT_FAILURE } from '../failure';
import { globalsOf } from '../globalOptions';
import { printJson, printLine, printTable, writeOut } from '../output';
import { escapeForTerminal } from '../../core/rendering/terminalText';
import { counted } from '../../core/counted';
import { oneShot } from '../session';
import { refuseChangeIfReadOnly } from '../readOnlyGuard';

export interface CreateTopicOptions {
  partitions: number;
  replicationFactor?: number;
  config?: string[];
  retentionMs?: number;
  dryRun?: boolean;
}

export async function showTopics(command: Command): Promise<void> {
  const globals = globalsOf(command);
  const topics = await oneShot(globals, (session) => listTopics(session));
  if (globals.json) return printJson(topics.map(({ name, partitions, internal }) => ({ name, partitions, internal })));
  if (topics.length === 0) return printLine('no topics (or none this user may describe)');
  await printTable(['TOPIC', 'PARTITIONS', 'INTERNAL'], topics.map((t) => [t.name, t.partitions, t.internal ? 'yes' : '']));
}

export async function showPartitions(topic: string, command: Command): Promise<void> {
  const globals = globalsOf(command);
  const partitions = await oneShot(globals, (session) => describePartitions(session, topic));
  if (globals.json) {
    return printJson(partitions.map(({ partition, leader, low, high, highApproximate }) => ({ partition, leader, low, high, highApproximate })));
  }
  await printTable(
    ['PARTITION', 'LEADER', 'REPLICAS', 'ISR', 'LOW', 'HIGH (APPROX.)'],
    partitions.map((p) => [p.partition, p.leader, p.replicas.join(','), p.isr.join(','), p.low, `~${p.high}`]),
  );
}

export async function createTopicCommand(name: string, options: CreateTopicOptions, command: Command): Promise<void> {
  const globals = globalsOf(command);
  if (!options.dryRun) refuseChangeIfReadOnly(globals, `creating topic "${name}"`);
  const request = { name, partitions: options.partitions, replicationFactor: options.replicationFactor, configs: configAssignments(options.config ?? []), retentionMs: options.retentionMs };
  const plan = await oneShot(globals, async (session) => {
    const planned = await planTopicCreation(session, globals.profile, request);
    if (!options.dryRun) await createPlannedTopic(session, planned);
    return planned;
  });
  for (const warning of plan.warnings) process.stderr.write(`ebx: ${escapeForTerminal(warning)}\n`);
  if (globals.json) {
    const { partitions, replicationFactor, configs } = plan;
    const retention = configs['retention.ms'] === undefined ? null : Number(configs['retention.ms']);
    // The 0.1 shape, kept for the scripts that read it; the newer options add what they decide.
    const usesNewOptions = options.replicationFactor !== undefined || (options.config ?? []).length > 0 || options.dryRun === true;
    if (!usesNewOptions) return printJson({ topic: name, partitions, retentionMs: retention });
    return printJson({ topic: name, partitions, retentionMs: retention, replicationFactor, configs, created: !options.dryRun });
  }
  const lines = describeTopicCreation(plan).map(escapeForTerminal).join('\n');
  if (options.dryRun) return writeOut(`${lines}\ndry run: nothing created; run again without --dry-run to create it\n`);
  await writeOut(`${lines}\ncreated topic ${escapeForTerminal(name)} with ${counted(plan.partitions, 'partition')}\n`);
}

export async function deleteTopicCommand(names: string[], options: { yes?: boolean; dryRun?: boolean }, command: Command): Promise<void> {
  const globals = globalsOf(command);
  const what = names.length === 1 ? `deleting topic "${names[0]}"` : `deleting topics ${names.map((n) => `"${n}"`).join(', ')}`;
  if (!options.dryRun) refuseChangeIfReadOnly(globals, what);
  // A script asking for --json gets the plan back instead of the refusal: it can then say --yes.
  const planOnly = options.dryRun === true || (!options.yes && globals.json === true && !canAsk());
  if (!planOnly) requireTerminalOrYes(options.yes);
  await oneShot(globals, async (session) => {
    const plan = await planTopicDeletion(session, names);
    const json = (outcomes: TopicDeletionOutcome[] | null) => ({
      topics: plan.topics.map(({ topic, groups }) => ({ topic, groups, ...(outcomes ? { error: outcomes.find((o) => o.topic === topic)?.error ?? null } : {}) })),
      unreadGroups: plan.unreadGroups,
      executed: outcomes !== null,
    });
    if (planOnly) {
      if (globals.json) return printJson(json(null));
      return writeOut(`${TOPIC_DELETION_WARNING}\n${describeTopicDeletion(plan).map((l) => `${escapeForTerminal(l)}\n`).join('')}dry run: nothing deleted; add --yes to delete\n`);
    }
    if (!options.yes) {
      const out = globals.json ? process.stderr : process.stdout;
      out.write(`${TOPIC_DELETION_WARNING}\n${describeTopicDeletion(plan).map((l) => `${escapeForTerminal(l)}\n`).join('')}`);
    }
    const title = names.length === 1 ? 'Topic to delete, with all its events and every group\'s committed offsets for it:' : 'Topics to delete, with all their events and every group\'s committed offsets for them:';
    if (!(await confirmDeletion(title, plan.topics.map((t) => t.topic), options.yes))) return reportNothingDeleted();
    const outcomes = await deletePlannedTopics(session, plan);
    if (globals.json) await printJson(json(outcomes));
    else {
      for (const o of outcomes) await printLine(o.error === null ? `deleted topic ${escapeForTerminal(o.topic)}` : `${escapeForTerminal(o.topic)}: not deleted: ${escapeForTerminal(o.error)}`);
    }
    if (outcomes.some((o) => o.error !== null)) process.exitCode = EXIT_FAILURE;
  });
}
