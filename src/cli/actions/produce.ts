// What ebx produce does (commands/produce.ts declares it).
import type { Command } from 'commander';
import { produce, type RecordToSend } from '../../core/topics/produce';
import { byteLines } from '../byteLines';
import { escapeForTerminal } from '../../core/records/render/terminalText';
import { globalsOf } from '../globalOptions';
import { printJson, printLine } from '../output';
import { withDeadline, withSession } from '../session';
import { refuseChangeIfReadOnly } from '../readOnlyGuard';
import type { ProduceFlags } from '../commands/produce';

// Stdin lines are sent in batches: far fewer round trips, and each batch stays well under VAST's 1 MB.
const BATCH_RECORDS = 500;
const BATCH_BYTES = 256 * 1024;

export async function produceCommand(topic: string, flags: ProduceFlags, command: Command): Promise<void> {
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
}
