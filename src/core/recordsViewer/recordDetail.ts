import type { HeaderValue } from '../clusterAccess';
import type { RecordDecoder } from '../formats/recordDecoder';
import type { RecordStore } from './recordStore';
import { detailBytes, detailRawBytes } from '../rendering/webviewDetail';
import { detailReading } from '../rendering/webviewReading';
import { webviewText } from '../rendering/webviewText';
import type { RecordDetail } from './viewerShapes';

/**
 * A record as the detail pane shows it. With a decoder (the topic has a record format) the key and
 * value also carry how they read — the decoded JSON and the schema, or the sentence saying why not —
 * and the bytes as written are then base64 and hex, one click away.
 */
export function recordDetail(store: RecordStore, id: number, options: { whole?: boolean; decoder?: RecordDecoder } = {}): RecordDetail {
  const record = store.record(id);
  const headers: RecordDetail['headers'] = [];
  for (const name of Object.keys(record.headers)) {
    const v: HeaderValue = record.headers[name];
    // Header names come from the producer too: the same policy as the values.
    for (const one of Array.isArray(v) ? v : [v]) headers.push({ name: webviewText(name), value: detailBytes(one ?? null, options) });
  }
  const decoder = options.decoder?.readsFormats ? options.decoder : undefined;
  const keyRead = decoder?.readKey(record.key);
  const valueRead = decoder?.readValue(record.value);
  const detail: RecordDetail = {
    id,
    topic: store.topic,
    partition: record.partition,
    offset: record.offset,
    timestamp: record.timestamp,
    key: keyRead === undefined ? detailBytes(record.key, options) : detailRawBytes(record.key, options),
    value: valueRead === undefined ? detailBytes(record.value, options) : detailRawBytes(record.value, options),
    headers,
  };
  if (keyRead !== undefined) detail.keyRead = detailReading(keyRead, options);
  if (valueRead !== undefined) detail.valueRead = detailReading(valueRead, options);
  return detail;
}
