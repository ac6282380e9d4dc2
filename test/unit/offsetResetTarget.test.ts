// The rules of a reset plan, partition by partition, without a broker: the same rules as Apache
// Kafka's kafka-consumer-groups --reset-offsets (the core tier compares with the tool itself).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clampToRange, describeChange, planPartition, type PartitionFacts, type ResetTarget } from '../../src/core/offsetReset/resetTarget';
import { UsageError } from '../../src/core/errors';

const facts = (overrides: Partial<PartitionFacts> = {}): PartitionFacts => ({ topic: 't', partition: 0, current: 20, low: 10, high: 50, ...overrides });
const plan = (target: ResetTarget, overrides: Partial<PartitionFacts> = {}) => {
  const p = planPartition(facts(overrides), target);
  return { target: p.target, clamped: p.clamped, change: p.change, approximate: p.approximate };
};

describe('planPartition', () => {
  const cases: { name: string; target: ResetTarget; facts?: Partial<PartitionFacts>; expected: ReturnType<typeof plan> }[] = [
    { name: 'earliest is low', target: { kind: 'earliest' }, expected: { target: 10, clamped: false, change: -10, approximate: false } },
    { name: 'latest is the (approximate) end', target: { kind: 'latest' }, expected: { target: 50, clamped: false, change: 30, approximate: true } },
    { name: 'an offset inside the range', target: { kind: 'offset', offset: 30 }, expected: { target: 30, clamped: false, change: 10, approximate: false } },
    { name: 'an offset at the end is not clamped', target: { kind: 'offset', offset: 50 }, expected: { target: 50, clamped: false, change: 30, approximate: false } },
    { name: 'an offset below low goes to low', target: { kind: 'offset', offset: 3 }, expected: { target: 10, clamped: true, change: -10, approximate: false } },
    { name: 'an offset past the end goes to the end', target: { kind: 'offset', offset: 900 }, expected: { target: 50, clamped: true, change: 30, approximate: true } },
    { name: 'shift back inside', target: { kind: 'shift', by: -5 }, expected: { target: 15, clamped: false, change: -5, approximate: false } },
    { name: 'shift forward inside', target: { kind: 'shift', by: 7 }, expected: { target: 27, clamped: false, change: 7, approximate: false } },
    { name: 'shift back past the start', target: { kind: 'shift', by: -100 }, expected: { target: 10, clamped: true, change: -10, approximate: false } },
    { name: 'shift forward past the end', target: { kind: 'shift', by: 100 }, expected: { target: 50, clamped: true, change: 30, approximate: true } },
    { name: 'a time with a record at or after it', target: { kind: 'time', time: 1 }, facts: { offsetForTime: 33 }, expected: { target: 33, clamped: false, change: 13, approximate: false } },
    { name: 'a time after the newest record goes to the end', target: { kind: 'time', time: 1 }, facts: { offsetForTime: null }, expected: { target: 50, clamped: false, change: 30, approximate: true } },
    { name: 'a position from a file inside', target: { kind: 'positions', positions: [] }, facts: { requested: 12 }, expected: { target: 12, clamped: false, change: -8, approximate: false } },
    { name: 'a position from a file below low', target: { kind: 'positions', positions: [] }, facts: { requested: 0 }, expected: { target: 10, clamped: true, change: -10, approximate: false } },
    { name: 'no commit: change is null', target: { kind: 'earliest' }, facts: { current: null }, expected: { target: 10, clamped: false, change: null, approximate: false } },
    { name: 'an empty partition', target: { kind: 'offset', offset: 5 }, facts: { low: 0, high: 0, current: null }, expected: { target: 0, clamped: true, change: null, approximate: true } },
  ];
  for (const c of cases) {
    test(c.name, () => assert.deepEqual(plan(c.target, c.facts), c.expected));
  }

  test('a shift needs a committed offset (as Kafka: "no current committed offset")', () => {
    assert.throws(() => planPartition(facts({ current: null }), { kind: 'shift', by: 1 }), (err: unknown) => err instanceof UsageError && /no committed offset/.test(err.message));
  });

  test('a clamped plan says so in its note', () => {
    assert.match(planPartition(facts(), { kind: 'offset', offset: 900 }).note ?? '', /900 is outside 10…50≈: moved to the end \(50≈\)/);
    assert.match(planPartition(facts(), { kind: 'offset', offset: 1 }).note ?? '', /moved to the first offset still kept \(10\)/);
    assert.equal(planPartition(facts(), { kind: 'offset', offset: 11 }).note, null);
  });
});

describe('clampToRange and describeChange', () => {
  test("Kafka's order: above the end first, then below the start", () => {
    assert.equal(clampToRange(5, 10, 50), 10);
    assert.equal(clampToRange(60, 10, 50), 50);
    // low > high cannot happen on a broker, but the order decides it: the end wins.
    assert.equal(clampToRange(60, 70, 50), 50);
  });
  test('re-reads, skips, ≈ where the end is involved', () => {
    assert.equal(describeChange(planPartition(facts(), { kind: 'earliest' })), 're-reads 10');
    assert.equal(describeChange(planPartition(facts(), { kind: 'latest' })), 'skips ≈30');
    assert.equal(describeChange(planPartition(facts(), { kind: 'offset', offset: 20 })), 'unchanged');
    assert.equal(describeChange(planPartition(facts({ current: null }), { kind: 'earliest' })), 'no commit before');
  });
});
