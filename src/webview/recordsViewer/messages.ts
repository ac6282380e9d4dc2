// The records viewer's messages, both ways; imported by the page (src/webview/recordsViewer) and by
// the extension (src/extension/recordsViewer). The extension holds every loaded record; the page
// holds view state and asks for the rows it shows, so a million records never cross at once.
import type { CellMark, DetailReading, RecordDetail, RecordFilter, RecordRow, TimestampHistogram } from '../../core/recordsViewer/viewerShapes';
import type { SearchField, SearchForm } from '../../core/search/searchFormShape';

export type { RecordRow, RecordDetail, TimestampHistogram, RecordFilter, SearchField, SearchForm, CellMark, DetailReading };

/** What the viewer shows and from when, kept the same after every Load more (issue 24, item 7). */
export interface ViewerHeader {
  /** "orders · all partitions · key customer-1", "orders · partition 0". */
  scope: string;
  /** The start, resolved to an instant (epoch ms): the page writes it in local time and in UTC. */
  startTime?: number;
  /** The start in words when it is not a time: "the beginning of each partition", "offset 8". */
  start?: string;
  untilTime?: number;
  /** How the topic's records are read when it has a record format: "value: avro (order.avsc)" (issue 23). */
  readAs?: string;
}

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
  header: ViewerHeader;
  loading: boolean;
  canLoadMore: boolean;
  /** How many records a Load more reads (a replay's limit, changeable beside the button); absent for a search. */
  readLimit?: number;
  /** Every partition was read to its end: Load more is shown, disabled. */
  atEnd: boolean;
  /** The search bar's fields (absent: the viewer cannot search). */
  search?: SearchForm;
  /** One sentence per field that is wrong, shown next to it. */
  searchProblems: Partial<Record<SearchField, string>>;
  canOpenJsonLines: boolean;
  /**
   * Each distinct problem the topic's record format met (a schema registry that does not answer),
   * once: one notice for the viewer, not one per record.
   */
  formatProblems: readonly string[];
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
  /** `max`: how many records a replay's Load more reads (the field beside the button). */
  | { type: 'loadMore'; max?: string }
  /** The search bar's Run: a new search of this topic, in this viewer. */
  | { type: 'search'; form: SearchForm }
  /** Stops the read under way (a search or a Load more), as the notification's Cancel does. */
  | { type: 'cancel' }
  | { type: 'openJsonLines' }
  | { type: 'export'; format: 'jsonl' | 'csv'; rows: 'loaded' | 'filtered' }
  | { type: 'produce'; rows: 'loaded' | 'filtered' }
  /** What the page rendered, for the tests: the visible rows' cell texts (never HTML). */
  | { type: 'rendered'; version: number; firstRow: number; cells: string[][] };

/** Rows the page asks for at once: a screenful and some either side. */
export const ROW_WINDOW = 100;
/** Bins of the timestamp histogram. */
export const HISTOGRAM_BINS = 80;
