// Every watched group, one LagWatch each (a second Watch Lag on the same group reveals its panel).
// Watches end when their panel closes, when their connection is removed, and with the extension.
import type * as vscode from 'vscode';
import type { BrokerConnection } from '../connections/brokerConnection';
import { LagWatch, type LagWatchServices } from './lagWatch';
import { watchKey, type LagWatchTarget } from './lagWatchTarget';

export class LagWatches implements vscode.Disposable {
  private readonly watches = new Map<string, LagWatch>();

  constructor(private readonly services: LagWatchServices) {}

  /** The watches open now (the tests read their panels, status items and samples). */
  all(): LagWatch[] {
    return [...this.watches.values()];
  }

  find(target: LagWatchTarget): LagWatch | undefined {
    return this.watches.get(watchKey(target));
  }

  /** Opens a watch on the group, or reveals the one that is open. */
  watch(connection: BrokerConnection, groupId: string): LagWatch {
    const key = watchKey({ connectionId: connection.id, groupId });
    const open = this.watches.get(key);
    if (open) {
      open.reveal();
      return open;
    }
    const watch = new LagWatch(connection, groupId, this.services);
    this.watches.set(key, watch);
    watch.onDidDispose(() => {
      if (this.watches.get(key) === watch) this.watches.delete(key);
    });
    return watch;
  }

  stopConnection(connectionId: string): void {
    for (const w of this.all()) if (w.connection.id === connectionId) w.dispose();
  }

  dispose(): void {
    for (const w of this.all()) w.dispose();
  }
}
