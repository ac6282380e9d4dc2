// How many topics and partitions a cluster holds, in words; under the `vast` profile measured
// against VAST's ceilings (200,000 partitions a view, 20,000 a topic), saying when one is reached
// or passed (a Kafka broker read with the vast profile can pass them; VAST itself refuses to).
import type { BrokerProfile } from '../model';
import { VAST_PARTITIONS_PER_TOPIC, VAST_PARTITIONS_PER_VIEW } from '../topics/topicLimits';
import type { ClusterDescription } from './clusterDescription';

export type LimitState = 'within' | 'at' | 'over';

export interface TotalsWording {
  /** "12 topics · 40 partitions" (kafka); "… of 200,000 a view · largest topic 3 of 20,000 a topic" (vast). */
  text: string;
  /** The nearer of the two ceilings: 'over' if either is passed, else 'at' if either is reached. */
  state: LimitState;
  /** One sentence per ceiling reached or passed, and the largest topic's name. */
  notes: string[];
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const limitState = (value: number, limit: number): LimitState => (value > limit ? 'over' : value === limit ? 'at' : 'within');
const MARK: Record<LimitState, string> = { within: '', at: ' (at the limit)', over: ' (over the limit)' };

export function clusterTotalsWording(cluster: Pick<ClusterDescription, 'topics' | 'partitions' | 'largestTopic'>, profile: BrokerProfile): TotalsWording {
  const totals = `${count(cluster.topics, 'topic', 'topics')} · ${count(cluster.partitions, 'partition', 'partitions')}`;
  const largest = cluster.largestTopic;
  if (profile !== 'vast') return { text: totals, state: 'within', notes: largest ? [`Largest topic: ${largest.name} (${count(largest.partitions, 'partition', 'partitions')}).`] : [] };

  const view = limitState(cluster.partitions, VAST_PARTITIONS_PER_VIEW);
  const topic = largest ? limitState(largest.partitions, VAST_PARTITIONS_PER_TOPIC) : 'within';
  const parts = [`${totals} of ${VAST_PARTITIONS_PER_VIEW.toLocaleString('en-US')} a view${MARK[view]}`];
  if (largest) parts.push(`largest topic ${largest.partitions.toLocaleString('en-US')} of ${VAST_PARTITIONS_PER_TOPIC.toLocaleString('en-US')} a topic${MARK[topic]}`);

  const notes: string[] = [];
  if (largest) notes.push(`Largest topic: ${largest.name} (${count(largest.partitions, 'partition', 'partitions')}).`);
  if (view === 'at') notes.push(`The view holds ${VAST_PARTITIONS_PER_VIEW.toLocaleString('en-US')} partitions, VAST's limit a view: no topic can be created until one is deleted.`);
  if (view === 'over') notes.push(`The view holds ${cluster.partitions.toLocaleString('en-US')} partitions, more than the ${VAST_PARTITIONS_PER_VIEW.toLocaleString('en-US')} VAST allows a view.`);
  if (largest && topic === 'at') notes.push(`Topic ${largest.name} has ${VAST_PARTITIONS_PER_TOPIC.toLocaleString('en-US')} partitions, VAST's limit a topic.`);
  if (largest && topic === 'over') notes.push(`Topic ${largest.name} has ${largest.partitions.toLocaleString('en-US')} partitions, more than the ${VAST_PARTITIONS_PER_TOPIC.toLocaleString('en-US')} VAST allows a topic.`);
  const state: LimitState = view === 'over' || topic === 'over' ? 'over' : view === 'at' || topic === 'at' ? 'at' : 'within';
  return { text: parts.join(' · '), state, notes };
}
