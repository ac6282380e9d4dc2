// The rows a command reads again after it changed the broker: the folder or topic row it touched
// where that row is drawn, else the whole tree.
import type { BrokerConnection } from '../connections/brokerConnection';
import type { TreeRefresh } from '../commands/commandContext';
import type { ConnectionNode } from './connectionNode';
import type { ExplorerNode } from './explorerNode';
import type { ExplorerProvider } from './explorerProvider';

export function explorerRefresh(explorer: ExplorerProvider): TreeRefresh {
  const rootOf = (connection: BrokerConnection) => explorer.connectionNodes().find((n) => n.connection.id === connection.id);
  const refreshFolder = (connection: BrokerConnection, folderOf: (root: ConnectionNode) => ExplorerNode | undefined) => {
    const root = rootOf(connection);
    const folder = root && folderOf(root);
    if (folder) explorer.refresh(folder);
    else explorer.refresh();
  };
  return {
    groupsOf: (connection) => refreshFolder(connection, (root) => root.groupsFolder),
    topicsOf: (connection) => refreshFolder(connection, (root) => root.topicsFolder),
    topic: (connection, topic) => explorer.refreshTopic(connection.id, topic),
    configurationOf: ({ connection, topic }) => {
      const configuration = rootOf(connection)?.topicsFolder?.nodeOf(topic)?.configurationNode();
      if (configuration) explorer.refresh(configuration);
    },
  };
}
