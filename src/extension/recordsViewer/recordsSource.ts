import type { RecordStore } from '../../core/recordsViewer/recordStore';
import type { SearchForm, SearchQuery } from '../../core/search/searchForm';
import type { ViewerHeader } from '../../webview/recordsViewer/messages';

/** What a viewer's records came from, and how to read on from where the last read stopped. */
export interface RecordsSource {
  /** The panel's title: "orders p0 from offset 8", "Search orders: key customer-7". */
  title: string;
  /** What the first read did, for the line above the table. */
  summary: string;
  /** What the viewer shows (topic, partitions, search terms) and from when: the same after every Load more. */
  header: ViewerHeader;
  /** The notification's title while this source reads. */
  progressTitle: string;
  /**
   * Reads the next records into the store, from where the last read stopped; returns the new
   * summary line. Absent when the source cannot go on.
   */
  loadMore?(store: RecordStore, signal: AbortSignal, progress: (message: string) => void, limit?: number): Promise<string>;
  /** How many records each Load more reads (a replay's limit, changeable in the viewer); absent for a search. */
  readLimit?(): number;
  /** True once every partition was read to its end (by reading, never from the end offset): Load more has nothing to do. */
  atEnd?(): boolean;
  /** Opens what was read as a JSON Lines document (replay's document); absent when there is none. */
  openJsonLines?(store: RecordStore): Promise<void>;
  /** The search bar's fields for this source (a search's own; empty ones for a replay). */
  searchForm?: SearchForm;
  /** A search of the same topic, for the bar's Run: its first loadMore reads from the query's start. */
  search?(query: SearchQuery, form: SearchForm): RecordsSource;
}
