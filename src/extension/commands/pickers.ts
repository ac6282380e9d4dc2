import * as vscode from 'vscode';
import { EbxError } from '../../core/errors';
import { listTopics, describePartitions } from '../../core/topics/listTopics';
import type { PartitionInfo } from '../../core/model';
import type { KafkaSession } from '../../core/session';
import { counted } from '../../core/counted';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ConnectionStore } from '../connections/connectionStore';
import type { PickItem, Prompter } from '../prompter';
import { Cancelled } from '../runCommand';

/** Asks which connection, unless there is only one. Read-only ones are marked as in the tree (lock icon, "read-only"). */
export async function pickConnection(store: ConnectionStore, prompter: Prompter): Promise<BrokerConnection> {
  const connections = store.list();
  if (connections.length === 0) throw new EbxError('No broker connection yet: run "Event Broker: Add Connection…" first.');
  if (connections.length === 1) return connections[0];
  const picked = await prompter.pickOne(
    connections.map((c) => ({
      label: c.name,
      description: c.readOnly === true ? `read-only · ${c.bootstrap}` : c.bootstrap,
      iconPath: new vscode.ThemeIcon(c.readOnly === true ? 'lock' : 'server-environment'),
      value: c,
    })),
    { title: 'Event Broker: choose a connection' },
  );
  if (!picked) throw new Cancelled();
  return picked;
}

/** `withoutInternal`: leave out the broker's own topics (__consumer_offsets…), which take no records from us. */
export async function pickTopic(session: KafkaSession, prompter: Prompter, title: string, options: { withoutInternal?: boolean } = {}): Promise<string> {
  const topics = (await listTopics(session)).filter((t) => !(options.withoutInternal && t.internal));
  if (topics.length === 0) throw new EbxError(options.withoutInternal ? 'This broker has no topics of its users yet.' : 'This broker has no topics yet.');
  const picked = await prompter.pickOne(
    topics.map((t) => ({ label: t.name, description: `${counted(t.partitions, 'partition')}${t.internal ? ' · internal' : ''}`, value: t.name })),
    { title, placeHolder: 'Topic' },
  );
  if (!picked) throw new Cancelled();
  return picked;
}

export async function pickPartition(session: KafkaSession, topic: string, prompter: Prompter, title: string): Promise<PartitionInfo>;
/** With `allowAll`, a first entry "All partitions" (resolves 'all') spares guessing where a record is. */
export async function pickPartition(session: KafkaSession, topic: string, prompter: Prompter, title: string, allowAll: true): Promise<PartitionInfo | 'all'>;
export async function pickPartition(session: KafkaSession, topic: string, prompter: Prompter, title: string, allowAll = false): Promise<PartitionInfo | 'all'> {
  const partitions = await describePartitions(session, topic);
  if (partitions.length === 1) return partitions[0];
  const all: PickItem<PartitionInfo | 'all'>[] = allowAll ? [{ label: 'All partitions', description: `${partitions.length} partitions, records in time order`, value: 'all' }] : [];
  const picked = await prompter.pickOne<PartitionInfo | 'all'>(
    [...all, ...partitions.map((p) => ({ label: `Partition ${p.partition}`, description: `offsets ${p.low}…${p.high}≈ · leader ${p.leader}`, value: p }))],
    { title, placeHolder: 'Partition' },
  );
  if (!picked) throw new Cancelled();
  return picked;
}
