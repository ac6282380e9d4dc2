// The Totals row's words: topics and partitions, and under the vast profile the view's and the
// largest topic's partitions against VAST's ceilings (200,000 a view, 20,000 a topic), below, at
// and over each.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clusterTotalsWording } from '../../../src/core/cluster/clusterTotals';
import { clusterDescriptionOf } from '../../../src/core/cluster/clusterDescription';
import type { Metadata } from '../../../src/core/clusterAccess';

const totals = (topics: number, partitions: number, largest: number | null) => ({ topics, partitions, largestTopic: largest === null ? null : { name: 'big', partitions: largest } });

describe('cluster totals', () => {
  test('under kafka: topics and partitions only', () => {
    const w = clusterTotalsWording(totals(12, 40, 10), 'kafka');
    assert.equal(w.text, '12 topics · 40 partitions');
    assert.equal(w.state, 'within');
    assert.deepEqual(w.notes, ['Largest topic: big (10 partitions).']);
    assert.equal(clusterTotalsWording(totals(1, 1, 1), 'kafka').text, '1 topic · 1 partition');
    assert.equal(clusterTotalsWording(totals(0, 0, null), 'kafka').text, '0 topics · 0 partitions');
  });

  test('under vast, below the ceilings: of 200,000 a view and of 20,000 a topic', () => {
    const w = clusterTotalsWording(totals(12, 40, 10), 'vast');
    assert.equal(w.text, '12 topics · 40 partitions of 200,000 a view · largest topic 10 of 20,000 a topic');
    assert.equal(w.state, 'within');
    assert.equal(clusterTotalsWording(totals(0, 0, null), 'vast').text, '0 topics · 0 partitions of 200,000 a view');
  });

  test('under vast, at the view ceiling', () => {
    const w = clusterTotalsWording(totals(10, 200_000, 20_000 - 1), 'vast');
    assert.equal(w.text, '10 topics · 200,000 partitions of 200,000 a view (at the limit) · largest topic 19,999 of 20,000 a topic');
    assert.equal(w.state, 'at');
    assert.ok(w.notes.includes("The view holds 200,000 partitions, VAST's limit a view: no topic can be created until one is deleted."), w.notes.join('\n'));
  });

  test('under vast, over the view ceiling', () => {
    const w = clusterTotalsWording(totals(11, 200_001, 20_000), 'vast');
    assert.equal(w.text, '11 topics · 200,001 partitions of 200,000 a view (over the limit) · largest topic 20,000 of 20,000 a topic (at the limit)');
    assert.equal(w.state, 'over', 'the view passed wins over the topic reached');
    assert.ok(w.notes.includes('The view holds 200,001 partitions, more than the 200,000 VAST allows a view.'), w.notes.join('\n'));
    assert.ok(w.notes.includes("Topic big has 20,000 partitions, VAST's limit a topic."), w.notes.join('\n'));
  });

  test('under vast, a topic over its ceiling', () => {
    const w = clusterTotalsWording(totals(2, 20_002, 20_001), 'vast');
    assert.equal(w.text, '2 topics · 20,002 partitions of 200,000 a view · largest topic 20,001 of 20,000 a topic (over the limit)');
    assert.equal(w.state, 'over');
    assert.ok(w.notes.includes('Topic big has 20,001 partitions, more than the 20,000 VAST allows a topic.'), w.notes.join('\n'));
  });
});

describe('cluster description', () => {
  const partitions = (n: number) => Array.from({ length: n }, (_, partition) => ({ partition, leader: 1, replicas: [1], isr: [1] }));
  const metadata = (topics: [string, number][]): Metadata => ({
    clusterId: 'abc',
    controller: 1,
    brokers: [{ nodeId: 1, host: 'h', port: 9092, rack: null }],
    topics: topics.map(([name, n]) => ({ name, internal: false, partitions: partitions(n) })),
  });

  test('counts topics and partitions and finds the largest topic (the first by name among equals)', () => {
    const c = clusterDescriptionOf(metadata([['b', 3], ['c', 1], ['a', 3]]));
    assert.equal(c.topics, 3);
    assert.equal(c.partitions, 7);
    assert.deepEqual(c.largestTopic, { name: 'a', partitions: 3 });
    assert.deepEqual(c.brokers, [{ id: 1, host: 'h', port: 9092, rack: null }]);
  });

  test('has no largest topic without topics', () => {
    assert.equal(clusterDescriptionOf(metadata([])).largestTopic, null);
  });
});
