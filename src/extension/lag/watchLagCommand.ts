// Watch Lag: from a group's row, from the palette (a connection and a group picked), or from a
// watched group's status-bar item (which reveals its panel).
import { EbxError } from '../../core/errors';
import type { CommandContext } from '../commands/commandContext';
import { groupStep } from '../commands/targetSteps';
import type { LagWatch } from './lagWatch';
import { isLagWatchTarget } from './lagWatchTarget';
import { commandEntries } from '../commandEntry';
import { GroupNode } from '../tree/groupNode';

export async function watchLagCommand(ctx: CommandContext, target?: unknown): Promise<LagWatch> {
  const { store, lagWatches: watches } = ctx;
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
  const { connection, groupId } = await groupStep(ctx, target, 'Watch Lag', {
    placeHolder: 'Consumer group (read without joining it)',
    noGroups: (connection) => `${connection.name} has no consumer groups yet: there is no lag to watch.`,
  });
  return watches.watch(connection, groupId);
}

// Also from a watched group's status-bar item, which passes its LagWatchTarget.
export const watchLagCommands = commandEntries({ id: 'eventBroker.watchLag', fromSelection: [GroupNode], run: watchLagCommand });
