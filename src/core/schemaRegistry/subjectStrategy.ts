// Which registry subject a topic's key or value schema is under (Confluent's subject name
// strategies): needed to register or look up a schema when producing, and to find a topic's
// subjects in the tree. Decoding never needs it: the wire format carries the schema id.
import { FormatError } from '../formats/formatTypes';

export const SUBJECT_STRATEGIES = ['TopicNameStrategy', 'RecordNameStrategy', 'TopicRecordNameStrategy'] as const;
export type SubjectStrategy = (typeof SUBJECT_STRATEGIES)[number];

const SHORT_NAMES = new Map<string, SubjectStrategy>([
  ['topic', 'TopicNameStrategy'],
  ['record', 'RecordNameStrategy'],
  ['topic-record', 'TopicRecordNameStrategy'],
]);
/** The package of Confluent's strategy classes, as their settings (`value.subject.name.strategy`) name them. */
const CONFLUENT_PACKAGE = 'io.confluent.kafka.serializers.subject.';

/** `recordName` is the schema's full name (`shop.Order`): the Avro record's or the Protobuf message's. */
export function subjectName(strategy: SubjectStrategy, topic: string, isKey: boolean, recordName?: string): string {
  if (strategy === 'TopicNameStrategy') return `${topic}-${isKey ? 'key' : 'value'}`;
  if (!recordName) {
    throw new FormatError(`the subject strategy ${strategy} names the subject after the record, so it needs the record's full name (e.g. shop.Order) and none was given.`);
  }
  return strategy === 'RecordNameStrategy' ? recordName : `${topic}-${recordName}`;
}

/** `topic`, `record`, `topic-record`, or a Confluent strategy class's name (with or without its package). */
export function parseSubjectStrategy(text: string): SubjectStrategy {
  const name = text.trim();
  const short = SHORT_NAMES.get(name.toLowerCase());
  if (short) return short;
  const className = name.startsWith(CONFLUENT_PACKAGE) ? name.slice(CONFLUENT_PACKAGE.length) : name;
  const strategy = SUBJECT_STRATEGIES.find((s) => s === className);
  if (strategy) return strategy;
  throw new FormatError(
    `${JSON.stringify(name.slice(0, 80))} is not a subject strategy: use topic, record or topic-record (or TopicNameStrategy, RecordNameStrategy, TopicRecordNameStrategy).`,
  );
}
