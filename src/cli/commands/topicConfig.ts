// ebx topic-config TOPIC | alter-topic TOPIC --set K=V... --delete K...
// The definitions; what each does is in actions/topicConfig.ts, loaded only when one of them runs.
import type { Command } from 'commander';
import { collect } from '../repeatedOption';
import type { AlterTopicOptions } from '../actions/topicConfig';

export function registerTopicConfigCommands(program: Command): void {
  const actions = () => import('../actions/topicConfig');
  program
    .command('topic-config')
    .description("a topic's configuration: every entry with its value and where it comes from (non-defaults first; sensitive values hidden)")
    .argument('<topic>')
    .action(async (topic: string, _options: object, command: Command) => (await actions()).showTopicConfig(topic, command));

  program
    .command('alter-topic')
    .description("change a topic's configuration: prints the plan (old → new) unless --execute; --delete removes the topic's own value so the default applies")
    .argument('<topic>')
    .option('--set <name=value...>', 'set an entry (repeat or list several)', collect)
    .option('--delete <name...>', "reset an entry to its default (delete the topic's override)", collect)
    .option('--execute', 'make the change (after asking on a terminal, or with --yes)')
    .option('--yes', 'do not ask for confirmation')
    .action(async (topic: string, options: AlterTopicOptions, command: Command) => (await actions()).alterTopicCommand(topic, options, command));
}
