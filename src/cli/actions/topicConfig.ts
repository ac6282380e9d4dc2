// What ebx topic-config and alter-topic do (commands/topicConfig.ts declares them).
import type { Command } from 'commander';
import { applyConfigChange, describeConfigChange, planConfigChange, readTopicConfig, sourceInWords } from '../../core/topics/topicConfig';
import { counted } from '../../core/counted';
import { configAssignments } from '../../core/topics/configNames';
import { globalsOf } from '../globalOptions';
import { printJson, printTable } from '../output';
import { oneShot } from '../session';
import { refuseChangeIfReadOnly } from '../readOnlyGuard';
import { requireTerminalOrYesToChange, showPlanThenChange } from '../planThenChange';

export interface AlterTopicOptions {
  set?: string[];
  delete?: string[];
  execute?: boolean;
  yes?: boolean;
}

export async function showTopicConfig(topic: string, command: Command): Promise<void> {
  const globals = globalsOf(command);
  const entries = await oneShot(globals, (session) => readTopicConfig(session, topic));
  if (globals.json) return printJson(entries.map(({ name, value, source, isDefault, readOnly, sensitive }) => ({ name, value, source, isDefault, readOnly, sensitive })));
  await printTable(
    ['NAME', 'VALUE', 'SOURCE', 'NOTE'],
    entries.map((e) => [e.name, e.sensitive ? '(hidden)' : (e.value ?? ''), sourceInWords(e.source), e.readOnly ? 'read-only' : '']),
  );
}

export async function alterTopicCommand(topic: string, options: AlterTopicOptions, command: Command): Promise<void> {
  const globals = globalsOf(command);
  refuseChangeIfReadOnly(globals, `changing the configuration of topic "${topic}"`);
  const what = 'change the configuration';
  requireTerminalOrYesToChange(options, what);
  const edit = { set: configAssignments(options.set ?? []), reset: [...new Set(options.delete ?? [])] };
  await oneShot(globals, async (session) => {
    const plan = await planConfigChange(session, globals.profile, topic, edit);
    const count = plan.changes.length;
    await showPlanThenChange(
      globals,
      options,
      {
        heading: `Configuration of topic ${topic}`,
        lines: describeConfigChange(plan),
        question: `Change ${count === 1 ? 'this entry' : `these ${count} entries`} of ${topic}?`,
        nothingToDo: count === 0 ? 'nothing to change: every entry is already as asked' : undefined,
        json: (executed) => ({ topic, executed, changes: plan.changes.map(({ name, from, to }) => ({ name, from, to })) }),
        apply: () => applyConfigChange(session, plan),
        done: `changed ${counted(count, 'entry', 'entries')} of ${topic}`,
      },
      what,
    );
  });
}
