import type { KafkaSession } from '../../core/session';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExtensionSettings } from '../settings';
import type { ExplorerNode } from './explorerNode';

/** What nodes need from the outside: a session, settings, the topic filter, and a way to redraw. */
export interface ExplorerContext {
  session(connection: BrokerConnection): Promise<KafkaSession>;
  settings(): ExtensionSettings;
  topicFilter(): string;
  /** Redraws this node (and lets its children load again). */
  changed(node: ExplorerNode): void;
}
