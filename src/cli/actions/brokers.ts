// What ebx brokers does (commands/brokers.ts declares it).
import type { Command } from 'commander';
import { describeCluster } from '../../core/cluster/clusterDescription';
import { globalsOf } from '../globalOptions';
import { printJson, printTable, writeOut } from '../output';
import { oneShot } from '../session';
import { escapeForTerminal } from '../../core/rendering/terminalText';
import { counted } from '../../core/counted';

export async function showBrokers(command: Command): Promise<void> {
  const globals = globalsOf(command);
  const cluster = await oneShot(globals, (session) => describeCluster(session));
  if (globals.json) return printJson({ clusterId: cluster.clusterId, controller: cluster.controller, brokers: cluster.brokers.map(({ id, host, port, rack }) => ({ id, host, port, rack })) });
  await writeOut(`cluster ${escapeForTerminal(cluster.clusterId || '(no id)')}: ${counted(cluster.brokers.length, 'broker')}, ${counted(cluster.topics, 'topic')}, ${counted(cluster.partitions, 'partition')}\n`);
  await printTable(
    ['ID', 'HOST', 'PORT', 'RACK', 'CONTROLLER'],
    cluster.brokers.map((b) => [b.id, b.host, b.port, b.rack ?? '', b.id === cluster.controller ? 'yes' : '']),
  );
}
