// The records viewer's search bar as the core reads it: every field checked at once with the
// parsers the CLI uses, one sentence per wrong field; the palette's one question as a form.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { emptySearchForm, formFromText, parsePartitions, parseSearchForm, searchTextProblem, type SearchForm } from '../../../src/core/search/searchForm';

const form = (fields: Partial<SearchForm>): SearchForm => ({ ...emptySearchForm(), ...fields });
const NOW = Date.parse('2026-12-04T10:00:00Z');

test('a full form becomes one search: criteria, start and until resolved, partitions, limit', () => {
  const parsed = parseSearchForm(form({ key: 'c-1', value: 'failed', header: 'trace=abc', where: 'value.order >= 3', from: '-15m', until: '2026-12-04T09:59:00Z', partitions: '2, 0 2', maxMatches: '5' }), NOW);
  assert.deepEqual(parsed.query, {
    criteria: { key: 'c-1', valueContains: 'failed', header: { name: 'trace', value: 'abc' }, where: 'value.order >= 3' },
    criteriaText: 'key c-1 · value contains failed · header trace=abc · where value.order >= 3',
    start: { kind: 'time', time: NOW - 15 * 60_000 },
    startTime: NOW - 15 * 60_000,
    untilTime: Date.parse('2026-12-04T09:59:00Z'),
    partitions: [0, 2],
    maxMatches: 5,
  });
});

test('defaults: from the beginning, no end, every partition, 1000 matches; key contains', () => {
  assert.deepEqual(parseSearchForm(form({ key: 'c-', keyMatch: 'contains' })).query, {
    criteria: { keyContains: 'c-' }, criteriaText: 'key contains c-', start: { kind: 'beginning' }, startTime: undefined, untilTime: undefined, partitions: undefined, maxMatches: 1000,
  });
  assert.equal(parsePartitions(' all '), undefined);
});

test('every wrong field at once, one sentence each', () => {
  const { problems } = parseSearchForm(form({ where: 'value.order >=', from: 'soon', partitions: 'x', maxMatches: '0', header: '=v' }), NOW);
  assert.deepEqual(Object.keys(problems!).sort(), ['from', 'header', 'maxMatches', 'partitions', 'where']);
  for (const sentence of Object.values(problems!)) assert.ok(!sentence.includes('\n'), sentence);
  assert.match(problems!.from!, /^"soon" is not a time/);
  assert.deepEqual(parseSearchForm(form({ value: 'x', from: '-1m', until: '-1h' }), NOW).problems, { until: 'The until time is before the from time: nothing could match.' });
  assert.match(parseSearchForm(form({})).problems!.value!, /^Type something to look for/);
});

test('the palette\'s text: prefixes pick the field, the rest is text in the value', () => {
  assert.deepEqual(formFromText('key:customer-7'), form({ key: 'customer-7' }));
  assert.deepEqual(formFromText('header:trace=abc'), form({ header: 'trace=abc' }));
  assert.deepEqual(formFromText('where: value.n > 1'), form({ where: 'value.n > 1' }));
  assert.deepEqual(formFromText('order failed: key:x'), form({ value: 'order failed: key:x' }));
  assert.match(searchTextProblem('where:value.n >') ?? '', /^The where expression is not valid/);
  assert.equal(searchTextProblem('failed'), undefined);
  assert.match(searchTextProblem('') ?? '', /^Type something to look for/);
});
