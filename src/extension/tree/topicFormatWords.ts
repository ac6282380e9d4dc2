// The few words a topic row's description gives its record format, so a 300-px sidebar still shows
// them after the partition count ("3 partitions · avro · key string"); the tooltip has the whole
// story (RecordFormats.describe). Plain text-or-bytes says nothing.
import type { TopicFormats } from '../formats/recordFormats';

export function topicFormatShort(formats: Pick<TopicFormats, 'key' | 'value'>): string {
  const parts: string[] = [];
  if (formats.value.format !== 'auto') parts.push(formats.value.format);
  if (formats.key.format !== 'auto') parts.push(`key ${formats.key.format}`);
  return parts.join(' · ');
}
