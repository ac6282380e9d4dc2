// What ebx produce does (commands/produce.ts declares it).
import type { Command } from 'commander';
import { produce, type RecordToSend } from '../../core/topics/produce';
import { byteLines, LineTooLongError } from '../byteLines';
import { MAX_RECORD_BYTES } from '../../core/topics/topicLimits';
import { counted } from '../../core/counted';
import { escapeForTerminal } from '../../core/rendering/terminalText';
import { globalsOf } from '../globalOptions';
import { printJson, printLine } from '../output';
import { withDeadline, withSession } from '../session';
import { refuseChangeIfReadOnly } from '../readOnlyGuard';
import { UsageError } from '../../core/errors';
import { wantsFormats } from '../formatOptions';
import type { FieldEncoder } from '../../core/formats/fieldEncoders';
import type { FormatFlags } from '../formatFlags';

export interface ProduceFlags extends FormatFlags {
  key?: string;
  value?: string;
  partition?: number;
  header?: Record<string, string>;
}

// Stdin lines are sent in batches: far fewer round trips, and each batch stays well under VAST's 1 MB.
const BATCH_RECORDS = 500;
const BATCH_BYTES = 256 * 1024;

export async function produceCommand(topic: string, flags: ProduceFlags, command: Command): Promise<void> {
  const globals = globalsOf(command);
  refuseChangeIfReadOnly(globals, `producing to topic "${topic}"`);
  // Encoders for the format options, made (and every schema found) before anything is sent.
  const encoders = wantsFormats(flags) ? await (await import('../recordFormats')).encodersFromFlags(flags, topic) : {};
  const key = flags.key === undefined ? null : encoders.key ? encodeOrRefuse(encoders.key, flags.key, 'the key', 0) : flags.key;
  let lineNumber = 0;
  let sentSoFar = 0;
  const make = (value: string | Buffer): RecordToSend => {
    lineNumber++;
    const bytes = encoders.value ? encodeOrRefuse(encoders.value, value.toString(), flags.value !== undefined ? 'the value' : `line ${lineNumber}`, sentSoFar) : value;
    return { key, value: bytes, headers: flags.header, partition: flags.partition };
  };
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
    // A line longer than a record can be is refused as soon as it is that long (stdin may be /dev/zero).
    for await (const line of byteLines(process.stdin, MAX_RECORD_BYTES)) {
      batch.push(make(line));
      bytes += line.length;
      if (batch.length >= BATCH_RECORDS || bytes >= BATCH_BYTES) {
        await send(batch);
        sent += batch.length;
        sentSoFar = sent;
        batch = [];
        bytes = 0;
      }
    }
    if (batch.length > 0) await send(batch);
    return sent + batch.length;
  }).catch((err: unknown) => {
    throw err instanceof LineTooLongError ? lineTooLong(err, sentSoFar) : err;
  });
  if (globals.json) return printJson({ topic, records: count });
  await printLine(`produced ${counted(count, 'record')} to ${escapeForTerminal(topic)}`);
}

/** Nothing of a line that cannot be a record is sent; the batch it was to join is not sent either. */
function lineTooLong(err: LineTooLongError, sentBefore: number): UsageError {
  const before = sentBefore > 0 ? `${counted(sentBefore, 'record')} before it ${sentBefore === 1 ? 'was' : 'were'} produced.` : 'Nothing was produced.';
  return new UsageError(
    `line ${err.lineNumber} is longer than 1 MB (${MAX_RECORD_BYTES.toLocaleString('en-US')} bytes), the largest record VAST accepts (and Apache Kafka by default); it was not sent. ${before}`,
  );
}

/** A value that does not fit its schema stops the produce before its batch is sent, saying what was sent already. */
function encodeOrRefuse(encoder: FieldEncoder, text: string, what: string, sentBefore: number): Buffer {
  try {
    return encoder.encode(text);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    const before = sentBefore > 0 ? ` ${counted(sentBefore, 'record')} before it ${sentBefore === 1 ? 'was' : 'were'} produced.` : ' Nothing was produced.';
    throw new UsageError(`${what} does not fit ${encoder.describe}: ${reason}${before}`);
  }
}
