import type { KafkaSession } from '../../core/session';
import type { SchemaRegistryClient } from '../../core/schemaRegistry/registryClient';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExtensionSettings } from '../settings';
import type { ExplorerNode } from './explorerNode';

/**
 * What nodes need from the outside: a session, the schema registry's client, settings, the topic
 * filter, how a topic's records are read, and a way to redraw.
 */
export interface ExplorerContext {
  session(connection: BrokerConnection): Promise<KafkaSession>;
  /** The connection's schema registry client (it may ask for the registry's password); undefined when it has none. */
  registry(connection: BrokerConnection): Promise<SchemaRegistryClient> | undefined;
  settings(): ExtensionSettings;
  topicFilter(): string;
  /** How a topic's records are read when not as plain text or bytes ("value: avro (order.avsc)"), for its row. */
  recordFormat(connection: BrokerConnection, topic: string): { words: string; short: string } | undefined;
  /** Redraws this node (and lets its children load again). */
  changed(node: ExplorerNode): void;
}
