// Consumer-group member assignments, decoded with kafkajs's own codec for the `consumer` protocol.
import { AssignerProtocol } from 'kafkajs';
import type { TopicAssignment } from '../model';

/** Only the `consumer` protocol has the standard assignment format; others stay opaque. */
export function decodeAssignment(raw: Buffer | null | undefined, protocolType: string): TopicAssignment[] {
  if (!raw || raw.length === 0 || protocolType !== 'consumer') return [];
  try {
    const decoded = AssignerProtocol.MemberAssignment.decode(raw);
    if (!decoded) return [];
    return Object.entries(decoded.assignment)
      .map(([topic, partitions]) => ({ topic, partitions: [...partitions].sort((a, b) => a - b) }))
      .sort((a, b) => a.topic.localeCompare(b.topic));
  } catch {
    return [];
  }
}
