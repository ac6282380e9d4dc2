import * as vscode from 'vscode';
import { RecordStore } from '../../core/recordsViewer/recordStore';
import { applyFilter, DECODED_FILTER_MAX_RECORDS, timeOrder } from '../../core/recordsViewer/recordView';
import type { RecordDetail, RecordFilter } from '../../core/recordsViewer/viewerShapes';
import { rowsAt } from '../../core/recordsViewer/recordRows';
import { recordDetail } from '../../core/recordsViewer/recordDetail';
import { timeSpan, timestampHistogram } from '../../core/recordsViewer/histogram';
import { exportLines, type ExportFormat } from '../../core/recordsViewer/recordExport';
import { copiedText } from '../../core/recordsViewer/recordCopy';
import type { RecordDecoder } from '../../core/formats/recordDecoder';
import { explainError, isAbort } from '../../core/errors';
import { HISTOGRAM_BINS, ROW_WINDOW, type FromViewer, type ToViewer, type ViewerState } from '../../webview/recordsViewer/messages';
import { webviewHtml, webviewPanelOptions } from '../webviews/webviewHtml';
import type { RecordsSource } from './recordsSource';
import { writeExport } from './exportFile';
import { fileProblem } from '../chooseFile';
import { counted } from '../../core/counted';
import { recordLimitProblem } from './recordLimit';
import { emptySearchForm, fieldOf, parseSearchForm, type SearchField, type SearchForm } from '../../core/search/searchForm';
import type { TopicReading } from '../formats/topicReading';

export const RECORDS_VIEWER_TYPE = 'eventBroker.recordsViewer';

/** Rendered cells the page reported (for the tests: what a person sees, as text). */
export interface RenderedRows {
  version: number;
  firstRow: number;
  cells: string[][];
}

/** The actions a viewer offers that reach outside it (produce needs the connection and the prompter). */
export interface ViewerActions {
  produce(store: RecordStore, ids: Uint32Array): Promise<void>;
  /** The save dialog, through the Prompter (tests answer it). */
  chooseExportFile(options: vscode.SaveDialogOptions & { title: string }): Promise<vscode.Uri | undefined>;
}

/**
 * One records viewer: the loaded records (a RecordStore in this extension host), the filter over
 * them, and the webview page that shows a window of rows at a time. Every message of the page goes
 * through `handle`, which the extension-host tests call too.
 */
export class RecordsViewerPanel implements vscode.Disposable {
  private loaded: RecordStore;
  private source: RecordsSource;
  private searchForm: SearchForm | undefined;
  private searchProblems: Partial<Record<SearchField, string>> = {};
  /** The read under way (a search or a Load more): the bar's Cancel aborts it. */
  private reading: AbortController | undefined;
  private order: Uint32Array = new Uint32Array(0);
  private textMatches: Uint32Array = new Uint32Array(0);
  private rows: Uint32Array = new Uint32Array(0);
  private noticeShown: string | undefined;
  private detailShown: RecordDetail | undefined;
  private filter: RecordFilter = {};
  private version = 0;
  private loading = false;
  private summary: string;
  private readonly rendered = new vscode.EventEmitter<RenderedRows>();
  /** Fires when the page has drawn rows (the tests wait on it). */
  readonly onDidRender = this.rendered.event;
  private readonly disposed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposed.event;
  private readyResolve: (() => void) | undefined;
  /** Resolves once the page has loaded and asked for its state. */
  readonly ready = new Promise<void>((resolve) => (this.readyResolve = resolve));
  private lastRendered: RenderedRows | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    store: RecordStore,
    source: RecordsSource,
    private readonly actions: ViewerActions,
    /** The topic's record format (issue 23): rows, detail, copy, filter and export read with its decoder. */
    private readonly format?: TopicReading,
  ) {
    this.loaded = store;
    this.source = source;
    this.searchForm = source.search ? (source.searchForm ?? emptySearchForm()) : undefined;
    this.summary = source.summary;
    this.recompute();
    panel.webview.html = webviewHtml(panel.webview, extensionUri, { bundle: 'recordsViewer', title: source.title });
    this.subscriptions.push(
      panel.webview.onDidReceiveMessage((message: FromViewer) => void this.handle(message)),
      panel.onDidDispose(() => this.dispose()),
    );
    // A problem of the format (a registry down) is one line above the table, said when it is met.
    if (format) this.subscriptions.push({ dispose: format.problems.listen(() => this.postState()) });
  }

  static create(extensionUri: vscode.Uri, store: RecordStore, source: RecordsSource, actions: ViewerActions, reading?: TopicReading): RecordsViewerPanel {
    const panel = vscode.window.createWebviewPanel(RECORDS_VIEWER_TYPE, source.title, vscode.ViewColumn.Active, webviewPanelOptions(extensionUri));
    return new RecordsViewerPanel(panel, extensionUri, store, source, actions, reading);
  }

  /** The decoder of the topic's record format; undefined when it is read as plain text-or-bytes. */
  private get decoder(): RecordDecoder | undefined {
    return this.format?.decoder;
  }

  /**
   * The viewer opened before its first read (so the page loads while the records are read): the
   * page says it is loading until `firstReadDone`.
   */
  firstReadStarted(): void {
    this.loading = true;
    this.postState();
  }

  /** The first read put its records in the store: show them, with the read's summary. */
  firstReadDone(summary: string): void {
    this.loading = false;
    this.summary = summary;
    this.recompute();
    this.postState();
  }

  /** The loaded records (a search run in the bar replaces them with its matches). */
  get store(): RecordStore {
    return this.loaded;
  }

  /** What the bar's fields hold now, and what is wrong with them (the tests read what a person sees). */
  get currentSearch(): { form: SearchForm | undefined; problems: Partial<Record<SearchField, string>>; summary: string } {
    return { form: this.searchForm && { ...this.searchForm }, problems: { ...this.searchProblems }, summary: this.summary };
  }

  /** True while a read (a search or a Load more) is under way. */
  get busy(): boolean {
    return this.loading;
  }

  /** Every partition was read to its end (Load more is disabled). */
  get atEnd(): boolean {
    return this.source.atEnd?.() ?? false;
  }

  /** The line above the table: what the viewer shows, from when, and how the topic is read. */
  get header(): RecordsSource['header'] {
    return this.format ? { ...this.source.header, readAs: this.format.readAs } : this.source.header;
  }

  /** Each distinct problem the topic's record format met, as the viewer shows them. */
  get formatProblems(): readonly string[] {
    return this.format?.problems.sentences ?? [];
  }

  /**
   * Runs a search of this topic in this viewer, as the bar's Run does: a field that is wrong gets its
   * sentence next to it and nothing is read; otherwise the matches replace the loaded records.
   * Resolves when the first read is done (or refused).
   */
  async search(form: SearchForm): Promise<boolean> {
    const base = this.source;
    if (!base.search || this.loading) return false;
    this.searchForm = { ...form };
    const parsed = parseSearchForm(form);
    if (parsed.problems) {
      this.searchProblems = parsed.problems;
      this.postState();
      return false;
    }
    this.searchProblems = {};
    const next = base.search(parsed.query, form);
    const previous = { source: this.source, store: this.loaded, summary: this.summary };
    this.source = next;
    this.panel.title = next.title;
    this.loaded = new RecordStore(previous.store.topic);
    this.filter = {};
    this.summary = next.summary;
    this.recompute();
    try {
      await this.read();
      return true;
    } catch (err) {
      const field = fieldOf(err);
      if (!field) throw err;
      // Nothing was read: the viewer goes back to what it showed, the sentence next to the field.
      Object.assign(this, { source: previous.source, loaded: previous.store, summary: previous.summary });
      this.panel.title = previous.source.title;
      this.searchProblems = { [field]: explainError(err) };
      this.recompute();
      this.postState();
      return false;
    }
  }

  /** The source's first read (a search opened from the palette), under the same progress and Cancel as Load more. */
  async readFirst(): Promise<void> {
    await this.read();
  }

  /**
   * What a command's result says of this viewer when VS Code sends it to the window (a command run
   * from the palette has its result serialized): a line, not the records — serializing the store
   * held the window's messages back for seconds after a 100,000-record replay.
   */
  toJSON(): { recordsViewer: string; records: number } {
    return { recordsViewer: this.source.title, records: this.store.length };
  }

  /** The store indices of the table's rows, in the order shown (after the filter). */
  filteredIds(): Uint32Array {
    return this.rows;
  }

  /** The last notice the page was sent (the tests read what a person was told). */
  get lastNotice(): string | undefined {
    return this.noticeShown;
  }

  /** The last record detail the page was sent (the tests read what the detail pane was given). */
  get lastDetail(): RecordDetail | undefined {
    return this.detailShown;
  }

  get lastRender(): RenderedRows | undefined {
    return this.lastRendered;
  }

  get currentFilter(): RecordFilter {
    return { ...this.filter };
  }

  async handle(message: FromViewer): Promise<void> {
    try {
      switch (message.type) {
        case 'ready':
          this.postState();
          this.readyResolve?.();
          return;
        case 'rows':
          if (message.version !== this.version) return; // asked before a load or filter: the page asks again
          return this.post({ type: 'rows', version: this.version, start: message.start, rows: rowsAt(this.store, this.rows, message.start, Math.min(message.count, ROW_WINDOW * 3), this.decoder) });
        case 'filter':
          this.filter = cleanFilter(message.filter);
          this.recompute();
          this.postState();
          if (this.filter.text !== undefined && this.decoder && this.store.length > DECODED_FILTER_MAX_RECORDS) {
            this.post({ type: 'notice', text: `The filter matches the bytes as written, not the decoded values: more than ${DECODED_FILTER_MAX_RECORDS.toLocaleString('en-US')} records are loaded (the search bar's Where sees decoded values).` });
          }
          return;
        case 'detail':
          return this.post({ type: 'detail', detail: recordDetail(this.store, message.id, { whole: message.whole, decoder: this.decoder }) });
        case 'copy':
          await vscode.env.clipboard.writeText(copiedText(this.store, message.id, message.what, this.decoder));
          return this.post({ type: 'notice', text: `Copied the ${message.what === 'record' ? 'record as JSON' : message.what}.` });
        case 'loadMore':
          return await this.loadMore(message.max);
        case 'search':
          await this.search(cleanForm(message.form));
          return;
        case 'cancel':
          this.reading?.abort();
          return;
        case 'openJsonLines':
          return await this.source.openJsonLines?.(this.store);
        case 'export':
          return await this.exportAsked(message.format, message.rows);
        case 'produce':
          return await this.actions.produce(this.store, message.rows === 'filtered' ? this.rows : this.order);
        case 'rendered':
          this.lastRendered = { version: message.version, firstRow: message.firstRow, cells: message.cells };
          this.rendered.fire(this.lastRendered);
          return;
      }
    } catch (err) {
      if (isAbort(err) || (err instanceof Error && err.name === 'Cancelled')) return;
      const sentence = explainError(err);
      void vscode.window.showErrorMessage(sentence);
      this.post({ type: 'notice', text: sentence });
    }
  }

  /** Writes the loaded or filtered rows to a file (the save dialog's answer, or a test's path). */
  async exportTo(uri: vscode.Uri, format: ExportFormat, rows: 'loaded' | 'filtered'): Promise<number> {
    const ids = rows === 'filtered' ? this.rows : this.order;
    await writeExport(uri, exportLines(this.store, ids, format, this.decoder));
    return ids.length;
  }

  private async exportAsked(format: ExportFormat, rows: 'loaded' | 'filtered'): Promise<void> {
    const uri = await this.actions.chooseExportFile({
      title: `Export ${rows === 'filtered' ? 'the filtered' : 'all loaded'} records`,
      filters: format === 'csv' ? { CSV: ['csv'] } : { 'JSON Lines': ['jsonl'] },
      defaultUri: vscode.workspace.workspaceFolders?.[0] ? vscode.Uri.joinPath(vscode.workspace.workspaceFolders[0].uri, `${safeFileName(this.store.topic)}.${format}`) : undefined,
    });
    if (!uri) return;
    const kind = format === 'csv' ? { noun: 'CSV export', ending: 'csv', filters: {} } : { noun: 'JSON Lines export', ending: 'jsonl', filters: {} };
    const count = await this.exportTo(uri, format, rows).catch((err: unknown) => {
      throw fileProblem(err, uri, kind, 'write');
    });
    this.post({ type: 'notice', text: `Exported ${counted(count, 'record')} to ${uri.fsPath}.` });
    void vscode.window.showInformationMessage(`Exported ${counted(count, 'record')} to ${uri.fsPath}.`);
  }

  private async loadMore(max?: string): Promise<void> {
    if (!this.source.loadMore || this.loading || this.source.atEnd?.()) return;
    const problem = max === undefined ? undefined : recordLimitProblem(String(max));
    if (problem) {
      this.post({ type: 'notice', text: `Records per load: ${problem.charAt(0).toLowerCase()}${problem.slice(1)}` });
      return;
    }
    const before = this.store.length;
    await this.read(max === undefined ? undefined : Number(max));
    if (this.store.length === before) this.post({ type: 'notice', text: 'No more records yet.' });
  }

  /** One read of the source into the store, under a cancellable progress (and the bar's Cancel). */
  private async read(limit?: number): Promise<void> {
    const source = this.source;
    const store = this.loaded;
    if (!source.loadMore || this.loading) return;
    const controller = new AbortController();
    this.reading = controller;
    this.loading = true;
    this.postState();
    try {
      const summary = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: source.progressTitle, cancellable: true }, (progress, token) => {
        token.onCancellationRequested(() => controller.abort());
        return source.loadMore!(store, controller.signal, (message) => progress.report({ message }), limit);
      });
      if (this.source === source) this.summary = summary;
    } finally {
      this.reading = undefined;
      this.loading = false;
      this.recompute();
      this.postState();
    }
  }

  private recompute(): void {
    if (this.order.length !== this.store.length) this.order = timeOrder(this.store);
    // Decoded text is matched only while decoding every loaded record stays quick (see DECODED_FILTER_MAX_RECORDS).
    const filterDecoder = this.store.length <= DECODED_FILTER_MAX_RECORDS ? this.decoder : undefined;
    const { textMatches, rows } = applyFilter(this.store, this.order, this.filter, filterDecoder);
    this.textMatches = textMatches;
    this.rows = rows;
    this.version++;
  }

  private state(): ViewerState {
    const span = timeSpan(this.store, this.order);
    return {
      title: this.source.title,
      summary: this.summary,
      // The records the rows were computed from (a first read may be adding to the store meanwhile).
      loaded: this.order.length,
      rows: this.rows.length,
      version: this.version,
      filter: this.filter,
      histogram: span ? timestampHistogram(this.store, this.textMatches, span, HISTOGRAM_BINS) : null,
      header: this.header,
      loading: this.loading,
      canLoadMore: this.source.loadMore !== undefined,
      atEnd: this.source.atEnd?.() ?? false,
      readLimit: this.source.readLimit?.(),
      search: this.searchForm,
      searchProblems: this.searchProblems,
      canOpenJsonLines: this.source.openJsonLines !== undefined,
      formatProblems: this.formatProblems,
    };
  }

  private postState(): void {
    this.post({ type: 'state', state: this.state() });
  }

  private post(message: ToViewer): void {
    if (message.type === 'notice') this.noticeShown = message.text;
    if (message.type === 'detail') this.detailShown = message.detail;
    void this.panel.webview.postMessage(message);
  }

  dispose(): void {
    this.disposed.fire();
    for (const d of this.subscriptions) d.dispose();
    this.rendered.dispose();
    this.disposed.dispose();
    this.panel.dispose();
  }
}

function cleanFilter(filter: RecordFilter): RecordFilter {
  const out: RecordFilter = {};
  if (typeof filter.text === 'string' && filter.text !== '') out.text = filter.text;
  if (typeof filter.fromTime === 'number' && Number.isFinite(filter.fromTime)) out.fromTime = filter.fromTime;
  if (typeof filter.toTime === 'number' && Number.isFinite(filter.toTime)) out.toTime = filter.toTime;
  return out;
}

/** The page's form, every field a string (a page sends only what it has; nothing else gets through). */
function cleanForm(form: Partial<SearchForm> | undefined): SearchForm {
  const out = emptySearchForm();
  for (const field of Object.keys(out) as SearchField[]) {
    const value = form?.[field];
    if (typeof value === 'string') (out as unknown as Record<string, string>)[field] = value.slice(0, 10_000);
  }
  out.keyMatch = form?.keyMatch === 'contains' ? 'contains' : 'is';
  return out;
}

function safeFileName(name: string): string {
  return name.replace(/[^\w.-]+/g, '_');
}
