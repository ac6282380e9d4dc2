// ebx produce TOPIC [--key K] [--value V]: one record, or one record per stdin line.
import { InvalidArgumentError, type Command } from 'commander';
import { produce, type RecordToSend } from '../../core/topics';
import { byteLines } from '../byteLines';
import { escapeForTerminal } from '../../core/escapeForTerminal';
import { globalsOf } from '../globalOptions';
import { nonNegativeInteger } from '../integerArguments';
import { printJson, printLine } from '../output';
import { withDeadline, withSession } from '../session';
import { refuseChangeIfReadOnly } from '../readOnlyGuard';

interface ProduceFlags {
  key?: string;
  value?: string;
  partition?: number;
  header?: Record<string, string>;
}

// Stdin lines are sent in batches: far fewer round trips, and each batch stays well under VAST's 1 MB.
const BATCH_RECORDS = 500;
const BATCH_BYTES = 256 * 1024;

export function registerProduceCommand(program: Command): void {
  program
    .command('produce')
    .description('write records (no compression, no idempotence): --value, or one record per stdin line')
    .argument('<topic>')
    .option('--key <key>', 'key of every record')
    .option('--value <value>', 'a single record with this value (without it: one record per stdin line)')
    .option('--partition <n>', 'write to this partition (default: by key)', nonNegativeInteger)
    .option('--header <name=value>', 'a header on every record (repeat for more)', collectHeader)
    .action(async (topic: string, flags: ProduceFlags, command: Command) => {
      const globals = globalsOf(command);
      refuseChangeIfReadOnly(globals, `producing to topic "${topic}"`);
      const make = (value: string | Buffer): RecordToSend => ({ key: flags.key ?? null, value, headers: flags.header, partition: flags.partition });
      const count = await withSession(globals, async (session) => {
        const send = (records: RecordToSend[]) => withDeadline(globals, produce(session, topic, records));
        if (flags.value !== undefined) {
          await send([make(flags.value)]);
          return 1;
        }
        if (process.stdin.isTTY) process.stderr.write('ebx: reading records from stdin, one per line; end with Ctrl-D\n');
        let sent = 0;
        let batch: RecordToSend[] = [];
        let bytes = 0;
        for await (const line of byteLines(process.stdin)) {
          batch.push(make(line));
          bytes += line.length;
          if (batch.length >= BATCH_RECORDS || bytes >= BATCH_BYTES) {
            await send(batch);
            sent += batch.length;
            batch = [];
            bytes = 0;
          }
        }
        if (batch.length > 0) await send(batch);
        return sent + batch.length;
      });
      if (globals.json) return printJson({ topic, records: count });
      await printLine(`produced ${count} record${count === 1 ? '' : 's'} to ${escapeForTerminal(topic)}`);
    });
}

function collectHeader(text: string, previous: Record<string, string> | undefined): Record<string, string> {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new InvalidArgumentError('give name=value.');
  return { ...(previous ?? {}), [text.slice(0, eq)]: text.slice(eq + 1) };
}
