// The records viewer's messages, both ways; imported by the page (src/webview/recordsViewer) and by
// the extension (src/extension/recordsViewer). The extension holds every loaded record; the page
// holds view state and asks for the rows it shows, so a million records never cross at once.
import type { RecordDetail, RecordFilter, RecordRow, TimestampHistogram } from '../../core/records/viewerShapes';

export type { RecordRow, RecordDetail, TimestampHistogram, RecordFilter };

/** Everything the page needs to draw itself apart from the rows. */
export interface ViewerState {
  title: string;
  /** "scanned N records in P partitions, M matches; stopped because …", or what a replay read. */
  summary: string;
  /** Records loaded in all. */
  loaded: number;
  /** Rows after the filter: the table's length. */
  rows: number;
  /** Bumped whenever the rows change (a load, a filter): rows of an older version are dropped. */
  version: number;
  filter: RecordFilter;
  /** Of the text matches over the whole load (the time range is drawn on it, not applied to it). */
  histogram: TimestampHistogram | null;
  loading: boolean;
  canLoadMore: boolean;
  canOpenJsonLines: boolean;
}

export type CopyWhat = 'key' | 'value' | 'record';

export type ToViewer =
  | { type: 'state'; state: ViewerState }
  | { type: 'rows'; version: number; start: number; rows: RecordRow[] }
  | { type: 'detail'; detail: RecordDetail }
  | { type: 'notice'; text: string };

export type FromViewer =
  | { type: 'ready' }
  | { type: 'rows'; version: number; start: number; count: number }
  | { type: 'filter'; filter: RecordFilter }
  | { type: 'detail'; id: number; whole?: boolean }
  | { type: 'copy'; id: number; what: CopyWhat }
  | { type: 'loadMore' }
  | { type: 'openJsonLines' }
  | { type: 'export'; format: 'jsonl' | 'csv'; rows: 'loaded' | 'filtered' }
  | { type: 'produce'; rows: 'loaded' | 'filtered' }
  /** What the page rendered, for the tests: the visible rows' cell texts (never HTML). */
  | { type: 'rendered'; version: number; firstRow: number; cells: string[][] };

/** Rows the page asks for at once: a screenful and some either side. */
export const ROW_WINDOW = 100;
/** Bins of the timestamp histogram. */
export const HISTOGRAM_BINS = 80;
