import type { RecordDecoder } from '../formats/recordDecoder';
import { recordDocumentLine } from '../rendering/jsonLines';
import type { RecordStore } from './recordStore';
import { shownStored } from './shownStored';

/**
 * What the viewer's Copy key / Copy value / Copy record put on the clipboard: the text as written
 * (base64 for binary), or — for a field read with its topic's format — the decoded JSON (base64 when
 * it did not read); a record as its JSON line (with `valueSchema` / `valueError` when read with a
 * format). The clipboard is data, not a screen: no escapes beyond JSON's.
 */
export function copiedText(store: RecordStore, id: number, what: 'key' | 'value' | 'record', decoder?: RecordDecoder): string {
  const shown = shownStored(store, id, decoder);
  if (what === 'record') return recordDocumentLine(shown);
  const reading = what === 'key' ? shown.keyRead : shown.valueRead;
  if (reading?.ok) return JSON.stringify(reading.value);
  const field = shown[what];
  if (field === null) return '';
  return typeof field === 'string' ? field : field.base64;
}
