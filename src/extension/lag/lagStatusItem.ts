// The status-bar item of one watched group: "$(pulse) billing: 3 min behind", on the warning
// background above eventBroker.lag.warningSeconds; a click reveals the group's Watch Lag panel.
// It lives as long as the watch (the panel): nothing watched, no item. A figure that is not fresh
// (the last sample failed, or it is older than two intervals) says how old it is, so it never
// disagrees with the tree without saying why.
import * as vscode from 'vscode';
import type { GroupLagReport } from '../../core/lag/lagModel';
import { describeGroupTimeLag, roughDuration } from '../../core/lag/describeTimeLag';
import type { CommandId } from '../commandIds';
import type { LagWatchTarget } from './lagWatchTarget';

export const WARNING_BACKGROUND = 'statusBarItem.warningBackground';

export class LagStatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 49);

  constructor(
    private readonly target: LagWatchTarget,
    private readonly connectionName: string,
  ) {
    // Watch Lag on a group already watched reveals its panel.
    this.item.command = { command: 'eventBroker.watchLag' satisfies CommandId, title: 'Show Lag', arguments: [target] };
    this.item.name = 'Event Broker: watched lag';
    this.draw(undefined, { warningSeconds: Infinity, intervalMs: Infinity });
    this.item.show();
  }

  get text(): string {
    return this.item.text;
  }

  /** The theme colour id of the background ('statusBarItem.warningBackground'), or undefined. */
  get background(): string | undefined {
    return this.item.backgroundColor?.id;
  }

  get tooltip(): string {
    const tooltip = this.item.tooltip;
    return typeof tooltip === 'string' ? tooltip : (tooltip?.value ?? '');
  }

  draw(report: GroupLagReport | undefined, view: { warningSeconds: number; intervalMs: number; error?: string; now?: number }): void {
    const group = this.target.groupId;
    const words = report ? describeGroupTimeLag(report) : view.error ? 'lag unknown' : 'reading lag…';
    const ageMs = report ? Math.max(0, (view.now ?? Date.now()) - report.sampledAt) : 0;
    const stale = report !== undefined && (view.error !== undefined || ageMs > 2 * view.intervalMs);
    this.item.text = `$(pulse) ${group}: ${words}${stale ? ` (${roughDuration(ageMs)} ago)` : ''}`;
    const late = report?.maxTimeLagMs != null && report.maxTimeLagMs > view.warningSeconds * 1000;
    this.item.backgroundColor = late ? new vscode.ThemeColor(WARNING_BACKGROUND) : undefined;
    const lines = [`Lag of consumer group ${group} on ${this.connectionName}: ${words}.`];
    if (late) lines.push(`More than ${view.warningSeconds} s behind (eventBroker.lag.warningSeconds).`);
    if (report) lines.push(`Sampled at ${new Date(report.sampledAt).toLocaleTimeString()}, by reading the record at each committed offset (no group joined).`);
    if (stale) lines.push(`This figure is ${roughDuration(ageMs)} old: a group that is stuck is further behind by now.`);
    if (view.error) lines.push(`Last sample failed: ${view.error}`);
    lines.push('Click to show the Watch Lag panel.');
    this.item.tooltip = lines.join('\n');
  }

  dispose(): void {
    this.item.dispose();
  }
}
