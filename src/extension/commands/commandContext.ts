// What every command of the extension gets, in one object instead of positional service lists:
// the services, the prompter of the moment (the tests swap it), and the tree's refreshes after a
// change. container.ts builds it once; a command reads only what it needs.
import type { ConnectionStore } from '../connections/connectionStore';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { Prompter } from '../prompter';
import type { TailManager } from '../tail/tailManager';
import type { LagWatches } from '../lag/lagWatches';
import type { RecordsViewers } from '../recordsViewer/recordsViewers';
import type { ReplayDocuments } from './replayDocuments';
import type { RecordFormats } from '../formats/recordFormats';
import type { SchemaRegistries } from '../formats/schemaRegistries';

/** The rows to read again after a command changed the broker. */
export interface TreeRefresh {
  /** The Consumer Groups folder of a connection (after deleting groups or committing offsets). */
  groupsOf(connection: BrokerConnection): void;
  /** The Topics folder of a connection (after creating or deleting topics). */
  topicsOf(connection: BrokerConnection): void;
  /** One topic's row (after deleting records, or when a tail of it starts or stops). */
  topic(connection: BrokerConnection, topic: string): void;
  /** One topic's Configuration row (after a configuration change). */
  configurationOf(target: { connection: BrokerConnection; topic: string }): void;
}

export interface CommandContext {
  readonly store: ConnectionStore;
  /** The prompter in use when the command runs (read each time: the tests swap it). */
  readonly prompter: Prompter;
  readonly documents: ReplayDocuments;
  readonly viewers: RecordsViewers;
  readonly tails: TailManager;
  readonly lagWatches: LagWatches;
  readonly refresh: TreeRefresh;
  /** How each topic's records are read (eventBroker.recordFormats, schema files, the registry). */
  readonly formats: RecordFormats;
  /** Each connection's schema registry client. */
  readonly registries: SchemaRegistries;
}
