import * as vscode from 'vscode';
import { produce } from '../../core/topics/produce';
import { UsageError } from '../../core/errors';
import { refuseIfReadOnly } from '../../core/readOnly';
import { produceChunks, producePlan } from '../../core/recordsViewer/producePlan';
import type { RecordStore } from '../../core/recordsViewer/recordStore';
import type { KafkaSession } from '../../core/session';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { Prompter } from '../prompter';
import { Cancelled } from '../runCommand';
import { pickTopic } from '../commands/pickers';
import { counted } from '../../core/counted';
import { copiedFormatsLines, wireFormatIds } from '../../core/formats/copiedRecordFormats';

/** How topics are read (RecordFormats.describe): named in the plan, since records are copied as bytes. */
export interface TopicFormatNames {
  describe(connection: BrokerConnection, topic: string): string | undefined;
}

/**
 * "Produce these records to…": another topic, the exact plan in a modal, then the records with
 * their keys and headers through core's produce (VAST-safe: no compression, no idempotence). The
 * bytes are copied as loaded, never re-encoded: with record formats, the plan says so (wire-format
 * values keep their schema ids) and names a target read with another format as a warning.
 */
export async function produceRecordsTo(
  connection: BrokerConnection,
  session: KafkaSession,
  prompter: Prompter,
  store: RecordStore,
  ids: Uint32Array,
  formats: TopicFormatNames,
): Promise<number> {
  // Refused up front, before any question (the read-only session would refuse the send itself too).
  refuseIfReadOnly(connection, 'producing records');
  if (ids.length === 0) throw new UsageError('There are no records to produce: the filter shows none.');
  const topic = await pickTopic(session, prompter, `Produce ${counted(ids.length, 'record')} to which topic?`, { withoutInternal: true });
  const plan = producePlan(store, ids, topic);
  const detail = [
    `${counted(plan.count, 'record')} (${counted(plan.bytes, 'byte')} of keys, values and headers) from ${store.topic} go to ${topic} on ${connection.name}.`,
    'Keys and headers are kept; the key picks the partition and the broker stamps the time. No compression, no idempotence.',
    ...(plan.repeatedHeaders > 0 ? [`${plan.repeatedHeaders === 1 ? '1 record repeats' : `${plan.repeatedHeaders} records repeat`} a header name: only its first value is sent.`] : []),
    ...(plan.overMessageLimit > 0 ? [`${plan.overMessageLimit === 1 ? '1 record is' : `${plan.overMessageLimit} records are`} over VAST's 1 MB message limit and will be refused there.`] : []),
    ...(topic === store.topic ? ['This is the topic they were read from: they will be there twice.'] : []),
    ...copiedFormatsLines({
      source: store.topic,
      target: topic,
      sourceFormats: formats.describe(connection, store.topic),
      targetFormats: formats.describe(connection, topic),
      keys: wireFormatIds(fieldsOf(store, ids, 'key')),
      values: wireFormatIds(fieldsOf(store, ids, 'value')),
    }),
  ].join('\n');
  if (!(await prompter.confirm(`Produce ${counted(plan.count, 'record')} to ${topic}?`, detail, 'Produce', { safeDefault: 'Do Not Produce' }))) throw new Cancelled();
  let sent = 0;
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Producing to ${topic}`, cancellable: true }, async (progress, token) => {
    for (const chunk of produceChunks(store, ids)) {
      if (token.isCancellationRequested) break;
      await produce(session, topic, chunk);
      sent += chunk.length;
      progress.report({ message: `${sent} of ${plan.count}`, increment: (chunk.length / plan.count) * 100 });
    }
  });
  void vscode.window.showInformationMessage(sent === plan.count ? `Produced ${counted(sent, 'record')} to ${topic}.` : `Stopped: produced ${sent} of ${counted(plan.count, 'record')} to ${topic}.`);
  return sent;
}

function* fieldsOf(store: RecordStore, ids: Uint32Array, field: 'key' | 'value'): Generator<Buffer | null> {
  for (let k = 0; k < ids.length; k++) yield store.record(ids[k])[field];
}
