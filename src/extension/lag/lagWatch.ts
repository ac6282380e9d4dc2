// One watched group: its Watch Lag panel, the sampler behind it and its status-bar item, created
// and disposed together. Sampling runs as long as the watch: the status-bar item stays in sight
// when the panel's tab is hidden, and a figure there must be current (it used to pause and show a
// stale "13 min behind" while the tree said 19). Closing the panel ends the watch — then no request. A failed sample shows as one sentence in the panel and the status bar, and
// the next one is tried later (RepeatingSampler backs off); no popup per sample.
import * as vscode from 'vscode';
import { explainError } from '../../core/errors';
import type { Logger } from '../../core/logger';
import type { KafkaSession } from '../../core/session';
import type { GroupLagReport } from '../../core/lag/lagModel';
import { readGroupLag } from '../../core/lag/readGroupLag';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { ExtensionSettings } from '../settings';
import { webviewHtml, webviewPanelOptions } from '../webviews/webviewHtml';
import type { FromLagChart, ToLagChart } from '../../webview/lagChart/messages';
import { LagHistory } from './lagHistory';
import { LagStatusItem } from './lagStatusItem';
import { RepeatingSampler } from './repeatingSampler';
import type { LagWatchTarget } from './lagWatchTarget';

export const LAG_CHART_VIEW_TYPE = 'eventBroker.lagChart';

export interface LagWatchServices {
  extensionUri: vscode.Uri;
  session(connection: BrokerConnection): Promise<KafkaSession>;
  settings(): ExtensionSettings;
  logger: Logger;
}

export class LagWatch implements vscode.Disposable {
  readonly panel: vscode.WebviewPanel;
  readonly status: LagStatusItem;
  readonly target: LagWatchTarget;
  private readonly history = new LagHistory();
  private readonly sampler: RepeatingSampler<GroupLagReport>;
  private error: string | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly sampledEmitter = new vscode.EventEmitter<GroupLagReport>();
  private readonly failedEmitter = new vscode.EventEmitter<string>();
  private readonly disposedEmitter = new vscode.EventEmitter<void>();
  /** Each sample taken (the tests count samples by this event, never by the clock). */
  readonly onDidSample = this.sampledEmitter.event;
  /** Each failed sample, with the sentence shown. */
  readonly onDidFail = this.failedEmitter.event;
  readonly onDidDispose = this.disposedEmitter.event;
  private disposed = false;

  constructor(
    readonly connection: BrokerConnection,
    readonly groupId: string,
    private readonly services: LagWatchServices,
  ) {
    this.target = { connectionId: connection.id, groupId };
    this.panel = vscode.window.createWebviewPanel(LAG_CHART_VIEW_TYPE, `Lag: ${groupId}`, vscode.ViewColumn.Active, webviewPanelOptions(services.extensionUri));
    this.panel.iconPath = vscode.Uri.joinPath(services.extensionUri, 'media', 'event-broker.svg');
    this.panel.webview.html = webviewHtml(this.panel.webview, services.extensionUri, { bundle: 'lagChart', title: `Lag: ${groupId}` });
    this.status = new LagStatusItem(this.target, connection.name);
    this.sampler = new RepeatingSampler<GroupLagReport>({
      read: async (signal) => readGroupLag(await services.session(connection), groupId, { signal, profile: services.settings().brokerProfile }),
      intervalMs: () => Math.max(1, services.settings().lagWatchIntervalSeconds) * 1000,
      sampled: (report) => {
        this.error = undefined;
        this.history.add(report);
        this.redraw();
        this.sampledEmitter.fire(report);
      },
      failed: (err, retryInMs) => {
        this.error = `${explainError(err)} Trying again in ${Math.round(retryInMs / 1000)} s.`;
        services.logger.warn(`Watch Lag ${groupId} on ${connection.name}: ${this.error}`);
        this.redraw();
        this.failedEmitter.fire(this.error);
      },
    });
    this.subscriptions.push(
      // The page is rebuilt each time the panel is shown (no retained context): it asks for the picture.
      this.panel.webview.onDidReceiveMessage((message: FromLagChart) => {
        if (message.type === 'ready') this.post();
      }),
      this.panel.onDidDispose(() => this.dispose()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('eventBroker.lag')) this.redraw();
      }),
    );
    this.sampler.resume();
    this.drawStatus();
  }

  /** Samples taken so far in the chart's window. */
  get samples(): number {
    return this.history.size;
  }

  get latest(): GroupLagReport | undefined {
    return this.history.latest;
  }

  get sampling(): boolean {
    return this.sampler.running;
  }

  reveal(): void {
    this.panel.reveal();
  }

  private redraw(): void {
    this.post();
    this.drawStatus();
  }

  private drawStatus(): void {
    const settings = this.services.settings();
    this.status.draw(this.history.latest, { warningSeconds: settings.lagWarningSeconds, intervalMs: Math.max(1, settings.lagWatchIntervalSeconds) * 1000, error: this.error });
  }

  private post(): void {
    if (this.disposed) return;
    const settings = this.services.settings();
    const state = this.history.chartState({
      group: this.groupId,
      connection: this.connection.name,
      intervalSeconds: settings.lagWatchIntervalSeconds,
      endApproximate: settings.brokerProfile === 'vast',
      error: this.error,
    });
    const message: ToLagChart = { type: 'state', state };
    // A hidden panel has no page to take it: the page asks again (ready) when shown.
    void this.panel.webview.postMessage(message);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.sampler.pause();
    this.status.dispose();
    for (const s of this.subscriptions) s.dispose();
    this.panel.dispose();
    this.disposedEmitter.fire();
    this.sampledEmitter.dispose();
    this.failedEmitter.dispose();
    this.disposedEmitter.dispose();
  }
}
