// The record-format options of replay, tail, search and produce (issue 23), declared once. What
// they build (codecs, a registry client) is in recordFormats.ts, loaded only when one is given: the
// schema libraries stay out of every other command's start.
import { Option, type Command } from 'commander';
import { FIELD_FORMATS } from '../core/formats/formatCatalog';
import type { RecordDecoder } from '../core/formats/recordDecoder';
import { registryUrlOf, type FormatFlags } from './formatFlags';

/** What `auto` does, for keys and values alike (RecordDecoder reads a key in the wire format as it reads a value). */
const AUTO_DEFAULT = 'default: auto: text or bytes, and the Confluent wire format when a registry is given';

export function addFormatOptions(command: Command): Command {
  return command
    .addOption(new Option('--key-format <format>', `how keys are read (${AUTO_DEFAULT})`).choices(FIELD_FORMATS))
    .addOption(new Option('--value-format <format>', `how values are read (${AUTO_DEFAULT})`).choices(FIELD_FORMATS))
    .option('--key-schema <file>', 'the schema of the keys: .avsc, .proto or .json (JSON Schema)')
    .option('--value-schema <file>', 'the schema of the values: .avsc, .proto or .json (JSON Schema)')
    .option('--key-message <name>', 'the Protobuf message type of the keys, e.g. shop.OrderKey')
    .option('--value-message <name>', 'the Protobuf message type of the values, e.g. shop.Order')
    .option('--schema-registry <url>', 'a Confluent-compatible schema registry (default: $EBX_SCHEMA_REGISTRY)')
    .option('--schema-registry-username <user>', 'the schema registry user name (basic auth)')
    .option('--schema-registry-password-env <VAR>', 'the environment variable holding the schema registry password');
}

/** Whether any format option asks for more than plain text-or-bytes (the registry may come from the environment). */
export function wantsFormats(flags: FormatFlags, env: NodeJS.ProcessEnv = process.env): boolean {
  return (
    (flags.keyFormat !== undefined && flags.keyFormat !== 'auto') ||
    (flags.valueFormat !== undefined && flags.valueFormat !== 'auto') ||
    flags.keySchema !== undefined ||
    flags.valueSchema !== undefined ||
    flags.keyMessage !== undefined ||
    flags.valueMessage !== undefined ||
    flags.subjectStrategy !== undefined ||
    registryUrlOf(flags, env) !== undefined
  );
}

/** The formats' decoder when any format option is given; the schema libraries load only then. */
export async function decoderOf(flags: FormatFlags): Promise<RecordDecoder | undefined> {
  return wantsFormats(flags) ? (await import('./recordFormats')).decoderFromFlags(flags) : undefined;
}
