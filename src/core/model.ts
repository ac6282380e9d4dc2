// Plain data shapes that core returns. The CLI prints them as JSON unchanged, and the extension
// renders them, so they hold numbers (offsets, epoch-millisecond timestamps) rather than strings.
import type { FieldReading } from './formats/fieldReading';

export type BrokerProfile = 'vast' | 'kafka';

/** VAST allows at most this many consumer groups per Kafka-enabled view, and lists at most this many. */
export const VAST_GROUP_LIMIT = 256;

export interface BrokerInfo {
  nodeId: number;
  host: string;
  port: number;
}

export interface ClusterInfo {
  clusterId: string;
  controller: number | null;
  brokers: BrokerInfo[];
}

export interface TopicSummary {
  name: string;
  partitions: number;
  internal: boolean;
}

export interface PartitionInfo {
  partition: number;
  leader: number;
  replicas: number[];
  isr: number[];
  low: number;
  high: number;
  /** Always true: VAST's reported end offset can trail the newest events by up to a minute. */
  highApproximate: true;
}

/** 'classic', 'consumer' (KIP-848's protocol, group.protocol=consumer), or another type a broker names ('share', 'streams'). */
export type GroupType = 'classic' | 'consumer' | (string & {});

export interface GroupSummary {
  groupId: string;
  state: string;
  protocolType: string;
  protocol: string;
  members: number;
  type: GroupType;
}

export interface GroupList {
  groups: GroupSummary[];
  count: number;
  /** 256 under the `vast` profile, null under `kafka`. */
  limit: number | null;
}

export interface TopicAssignment {
  topic: string;
  partitions: number[];
}

export interface GroupMember {
  memberId: string;
  clientId: string;
  host: string;
  assignment: TopicAssignment[];
}

export interface GroupOffset {
  topic: string;
  partition: number;
  /** null when the group never committed for this partition (distinct from 0). */
  committed: number | null;
  /** Approximate on VAST; null when it could not be read. */
  end: number | null;
  /** end - committed clamped at 0; null without a commit or an end. Approximate. */
  lag: number | null;
}

export interface GroupDetail {
  groupId: string;
  type: GroupType;
  state: string;
  protocol: string;
  members: GroupMember[];
  offsets: GroupOffset[];
}

export type DeleteGroupOutcome =
  | 'deleted'
  | 'NON_EMPTY_GROUP'
  | 'GROUP_ID_NOT_FOUND'
  | 'GROUP_AUTHORIZATION_FAILED'
  | 'ERROR';

export interface DeleteGroupResult {
  groupId: string;
  result: DeleteGroupOutcome;
  message: string;
}

/** A key, value or header value as shown to people: text when it is UTF-8, base64 otherwise. */
export type ShownBytes = string | { base64: string } | null;

export interface ShownRecord {
  topic: string;
  partition: number;
  offset: number;
  timestamp: number;
  key: ShownBytes;
  value: ShownBytes;
  headers: Record<string, ShownBytes | ShownBytes[]>;
  /** How the key read with its topic's key format, when that is more than plain text-or-bytes (issue 23). */
  keyRead?: FieldReading;
  /** How the value read with its topic's value format; `value` above keeps the raw bytes' rendering. */
  valueRead?: FieldReading;
}

export interface OffsetForTime {
  partition: number;
  /** null when no event is at or after the time asked. */
  offset: number | null;
  timestamp: number | null;
}
