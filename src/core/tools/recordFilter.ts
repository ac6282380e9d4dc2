// Which records a read keeps when the agent asks for a key or a text. A plain byte comparison:
// the key must equal the given text's UTF-8 bytes; the text must occur in the key or the value
// (case-sensitive, as bytes — so it also finds text inside binary or truncated values).
import type { RawRecord } from '../clusterAccess';

export interface RecordFilter {
  key?: string;
  contains?: string;
}

export function recordMatcher(filter: RecordFilter): ((record: RawRecord) => boolean) | undefined {
  if (filter.key === undefined && filter.contains === undefined) return undefined;
  const key = filter.key === undefined ? undefined : Buffer.from(filter.key, 'utf8');
  const text = filter.contains === undefined ? undefined : Buffer.from(filter.contains, 'utf8');
  return (record) => {
    if (key && !(record.key !== null && record.key.equals(key))) return false;
    if (text && !(record.key?.includes(text) || record.value?.includes(text))) return false;
    return true;
  };
}
