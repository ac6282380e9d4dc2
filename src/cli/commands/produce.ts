// ebx produce TOPIC [--key K] [--value V]: one record, or one record per stdin line.
// The definition; what it does is in actions/produce.ts, loaded only when it runs.
import { InvalidArgumentError, type Command } from 'commander';
import { nonNegativeInteger } from '../integerArguments';
import { addFormatOptions } from '../formatOptions';
import type { ProduceFlags } from '../actions/produce';

export function registerProduceCommand(program: Command): void {
  const produce = program
    .command('produce')
    .description('write records (no compression, no idempotence): --value, or one record per stdin line')
    .argument('<topic>')
    .option('--key <key>', 'key of every record')
    .option('--value <value>', 'a single record with this value (without it: one record per stdin line)')
    .option('--partition <n>', 'write to this partition (default: by key)', nonNegativeInteger)
    .option('--header <name=value>', 'a header on every record (repeat for more)', collectHeader);
  addFormatOptions(produce)
    .option('--subject-strategy <strategy>', 'the registry subject of a schema: topic (TOPIC-value, the default), record (shop.Order) or topic-record (TOPIC-shop.Order)')
    .addHelpText('after', '\nWith --value-format avro, protobuf or json-schema, each value is a JSON document encoded with the schema (--value-schema FILE: raw; with --schema-registry: the Confluent wire format under the subject TOPIC-value, or as --subject-strategy names it).')
    .action(async (topic: string, flags: ProduceFlags, command: Command) => (await import('../actions/produce')).produceCommand(topic, flags, command));
}

function collectHeader(text: string, previous: Record<string, string> | undefined): Record<string, string> {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new InvalidArgumentError('give name=value.');
  return { ...(previous ?? {}), [text.slice(0, eq)]: text.slice(eq + 1) };
}
