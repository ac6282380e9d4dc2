// Watch Lag: from a group's row, from the palette (a connection and a group picked), or from a
// watched group's status-bar item (which reveals its panel).
import { EbxError } from '../../core/errors';
import { listGroups } from '../../core/groups/listGroups';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ConnectionStore } from '../connections/connectionStore';
import type { Prompter } from '../prompter';
import { Cancelled } from '../runCommand';
import { readSettings } from '../settings';
import { pickConnection } from '../commands/pickers';
import { GroupNode } from '../tree/groupNode';
import type { LagWatch } from './lagWatch';
import type { LagWatches } from './lagWatches';
import { isLagWatchTarget } from './lagWatchTarget';

export async function watchLagCommand(store: ConnectionStore, prompter: Prompter, watches: LagWatches, target?: unknown): Promise<LagWatch> {
  if (target instanceof GroupNode) return watches.watch(target.connection, target.group.groupId);
  if (isLagWatchTarget(target)) {
    const open = watches.find(target);
    if (open) {
      open.reveal();
      return open;
    }
    const connection = store.list().find((c) => c.id === target.connectionId);
    if (!connection) throw new EbxError('That connection is gone: choose the group again from the Event Broker view.');
    return watches.watch(connection, target.groupId);
  }
  const connection = await pickConnection(store, prompter);
  return watches.watch(connection, await pickGroup(store, prompter, connection));
}

async function pickGroup(store: ConnectionStore, prompter: Prompter, connection: BrokerConnection): Promise<string> {
  const { groups } = await listGroups(await store.session(connection), readSettings().brokerProfile);
  if (groups.length === 0) throw new EbxError(`${connection.name} has no consumer groups yet: there is no lag to watch.`);
  const groupId = await prompter.pickOne(
    groups.map((g) => ({ label: g.groupId, description: `${g.state} · ${g.members} member${g.members === 1 ? '' : 's'}`, value: g.groupId })),
    { title: 'Watch Lag: choose a consumer group', placeHolder: 'Consumer group (read without joining it)' },
  );
  if (!groupId) throw new Cancelled();
  return groupId;
}
