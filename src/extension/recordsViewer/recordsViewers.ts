import * as vscode from 'vscode';
import type { RecordStore } from '../../core/recordsViewer/recordStore';
import type { BrokerConnection } from '../connections/brokerConnection';
import type { TopicFormatNames } from './produceRecords';
import type { ConnectionStore } from '../connections/connectionStore';
import type { PrompterHolder } from '../prompter';
import { RecordsViewerPanel } from './recordsViewerPanel';
import type { RecordsSource } from './recordsSource';
import { produceRecordsTo } from './produceRecords';
import type { TopicReading } from '../formats/topicReading';

/** Opens records viewers (Replay, Search) and keeps them until their panels close. */
export class RecordsViewers implements vscode.Disposable {
  private readonly panels = new Set<RecordsViewerPanel>();
  private readonly opened = new vscode.EventEmitter<RecordsViewerPanel>();
  /** Fires for each viewer opened (the tests wait on it). */
  readonly onDidOpen = this.opened.event;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly connections: ConnectionStore,
    private readonly prompter: PrompterHolder,
    private readonly formats: TopicFormatNames,
  ) {}

  /** `reading`: the topic's record format, when it has one (the viewer then shows decoded values). */
  show(connection: BrokerConnection, store: RecordStore, source: RecordsSource, reading?: TopicReading): RecordsViewerPanel {
    const viewer = RecordsViewerPanel.create(this.extensionUri, store, source, {
      produce: async (records, ids) => {
        await produceRecordsTo(connection, await this.connections.session(connection), this.prompter.current, records, ids, this.formats);
      },
      chooseExportFile: (options) => this.prompter.current.saveFile(options),
    }, reading);
    this.panels.add(viewer);
    viewer.onDidDispose(() => this.panels.delete(viewer));
    this.opened.fire(viewer);
    return viewer;
  }

  all(): RecordsViewerPanel[] {
    return [...this.panels];
  }

  dispose(): void {
    for (const viewer of this.panels) viewer.dispose();
    this.panels.clear();
    this.opened.dispose();
  }
}
