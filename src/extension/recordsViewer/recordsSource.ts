import type { RecordStore } from '../../core/records/recordStore';

/** What a viewer's records came from, and how to read on from where the last read stopped. */
export interface RecordsSource {
  /** The panel's title: "orders p0 from offset 8", "Search orders: key customer-7". */
  title: string;
  /** What the first read did, for the line above the table. */
  summary: string;
  /**
   * Reads the next records into the store, from where the last read stopped; returns the new
   * summary line. Absent when the source cannot go on.
   */
  loadMore?(store: RecordStore, signal: AbortSignal, progress: (message: string) => void): Promise<string>;
  /** Opens what was read as a JSON Lines document (replay's document); absent when there is none. */
  openJsonLines?(store: RecordStore): Promise<void>;
}
