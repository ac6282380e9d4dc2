import type { RecordDecoder } from '../formats/recordDecoder';
import type { ShownRecord } from '../model';
import { showRecord } from '../rendering/decode';
import type { RecordStore } from './recordStore';

/**
 * A loaded record as the JSON sinks take it: read with the topic's record format when there is one
 * (`keyRead` / `valueRead` beside the bytes), otherwise as plain text-or-bytes.
 */
export function shownStored(store: RecordStore, id: number, decoder?: RecordDecoder): ShownRecord {
  const record = store.record(id);
  return decoder?.readsFormats ? decoder.show(store.topic, record.partition, record) : showRecord(store.topic, record.partition, record);
}
