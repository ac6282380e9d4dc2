import type { HeaderValue } from '../clusterAccess';
import type { RecordStore } from './recordStore';
import { detailBytes } from './render/webviewDetail';
import { webviewText } from './render/webviewText';
import type { RecordDetail } from './viewerShapes';

export function recordDetail(store: RecordStore, id: number, options: { whole?: boolean } = {}): RecordDetail {
  const record = store.record(id);
  const headers: RecordDetail['headers'] = [];
  for (const name of Object.keys(record.headers)) {
    const v: HeaderValue = record.headers[name];
    // Header names come from the producer too: the same policy as the values.
    for (const one of Array.isArray(v) ? v : [v]) headers.push({ name: webviewText(name), value: detailBytes(one ?? null, options) });
  }
  return {
    id,
    topic: store.topic,
    partition: record.partition,
    offset: record.offset,
    timestamp: record.timestamp,
    key: detailBytes(record.key, options),
    value: detailBytes(record.value, options),
    headers,
  };
}
