// A bad `where` is refused up front with one sentence saying what and where; a good one is only
// ever interpreted (no eval): what it cannot reach it cannot run.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import { compileWhere, WhereExpressionError, type WhereContext } from '../../../src/core/search/whereExpression';
import { UsageError } from '../../../src/core/errors';

function refusal(text: string): WhereExpressionError {
  try {
    compileWhere(text);
  } catch (err) {
    assert.ok(err instanceof WhereExpressionError, `a WhereExpressionError for ${text}`);
    assert.ok(err instanceof UsageError, 'a usage error (exit code 2 in ebx)');
    assert.doesNotMatch(err.message, /\n/, 'one line');
    return err;
  }
  assert.fail(`${text} was accepted`);
}

describe('where expressions', () => {
  test('an expression cut short: the position is just past its end (1-based)', () => {
    const err = refusal('value.order >= 30 &&');
    assert.equal(err.position, 21);
    assert.equal(err.message, 'The where expression is not valid: Unexpected token: EOF at position 21.');
  });

  test('assignment (= for ==) is refused where it stands', () => {
    const err = refusal('value.status = "failed"');
    assert.equal(err.position, 14);
    assert.match(err.reason, /=/);
  });

  test('an unknown name is refused before any record is read', () => {
    const err = refusal('vaule.order > 3');
    assert.equal(err.reason, 'Unknown variable: vaule');
    assert.equal(err.position, 1);
  });

  test('an expression that cannot be true or false is refused', () => {
    assert.equal(refusal('"abc"').reason, 'it gives a string, not true or false');
    assert.equal(refusal('1 + 2').reason, 'it gives a int, not true or false');
  });

  test('empty is refused', () => {
    assert.equal(refusal('   ').reason, 'it is empty');
  });

  test('no way to code: JavaScript calls, constructors and globals are not part of the language', () => {
    for (const text of ['constructor.constructor("return process")()', 'process.exit(1)', 'require("fs")', 'eval("1")', 'this.x == 1']) {
      assert.throws(() => compileWhere(text), WhereExpressionError, text);
    }
  });

  test('names used are collected, so the matcher builds only those parts of a record', () => {
    assert.deepEqual([...compileWhere('value.order > 3 && key == "a"').uses].sort(), ['key', 'value']);
    assert.deepEqual([...compileWhere('offset > 3').uses], ['offset']);
    assert.deepEqual([...compileWhere('value.items.exists(i, i > partition)').uses].sort(), ['partition', 'value']);
  });

  test('a field a value lacks is false for that record, not an error for the search', () => {
    const where = compileWhere('value.a.b == 1');
    assert.equal(where.test({ value: {} }), false);
    assert.equal(where.test({ value: { a: { b: 1 } } }), true);
  });

  test('only true is a match: a dyn result that is not a boolean is not', () => {
    const where = compileWhere('value.flag');
    assert.equal(where.test({ value: { flag: true } }), true);
    assert.equal(where.test({ value: { flag: 'yes' } }), false);
    assert.equal(where.test({ value: { flag: 1 } }), false);
  });
});

/**
 * compileWhere(where).test(context) in a worker thread: an evaluation that never ends cannot be
 * stopped on the test's own thread, where it would hold the test's timeout too.
 */
function testInWorker(where: string, context: WhereContext): Promise<unknown> {
  const code = "const { parentPort, workerData: w } = require('node:worker_threads'); parentPort.postMessage(require(w.module).compileWhere(w.where).test(w.context));";
  const worker = new Worker(code, { eval: true, workerData: { module: require.resolve('../../../src/core/search/whereExpression'), where, context } });
  worker.unref();
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  }).finally(() => void worker.terminate());
}

describe('where expressions cost what they say (issue 39)', () => {
  const thirtyAs = 'a'.repeat(30);

  test('matches runs on RE2: a pattern that backtracks for minutes in JavaScript answers at once', { timeout: 10_000 }, async () => {
    // JavaScript's RegExp spent 56 s of CPU on one 30-character value.
    assert.equal(await testInWorker("value.s.matches('^(a+)+b$')", { value: { s: thirtyAs } }), false);
    assert.equal(await testInWorker("value.s.matches('^(a+)+b$')", { value: { s: `${thirtyAs}b` } }), true);
    assert.equal(await testInWorker("value.l.exists(x, x.matches('^(a|aa)+$'))", { value: { l: [`${thirtyAs}!`, thirtyAs] } }), true);
  });

  test('the function form matches(text, pattern) is the same RE2 match', { timeout: 10_000 }, () => {
    assert.equal(compileWhere("matches(value.s, '^(a+)+b$')").test({ value: { s: thirtyAs } }), false);
    assert.equal(compileWhere("matches(value.s, '(?i)^A+$')").test({ value: { s: thirtyAs } }), true);
  });

  test('a pattern from the record is RE2 too, and one RE2 cannot run is no match', { timeout: 10_000 }, () => {
    const where = compileWhere('value.s.matches(value.p)');
    assert.equal(where.test({ value: { s: thirtyAs, p: '^(a+)+b$' } }), false);
    assert.equal(where.test({ value: { s: 'xaay', p: 'a+' } }), true);
    assert.equal(where.test({ value: { s: 'aa', p: '(a)\\1' } }), false);
  });

  test('a written pattern RE2 does not take is refused up front, where it stands, saying why', () => {
    const backreference = refusal("value.s.matches('(a)\\\\1')");
    assert.equal(backreference.position, 17);
    assert.equal(backreference.reason, 'matches takes RE2 syntax (no backreferences or lookaround), and "(a)\\\\1" is not: invalid escape sequence "\\\\1"');
    assert.match(refusal("matches(value.s, '(?=a)b')").reason, /^matches takes RE2 syntax .* "\(\?=a\)b" is not: invalid or unsupported Perl syntax "\(\?="$/);
    assert.equal(refusal("value.s.matches('x{1001}')").reason, 'matches takes RE2 syntax (no backreferences or lookaround), and "x{1001}" is not: invalid repeat count "{1001}"');
  });

  test('a wrong type is still the library\'s sentence, naming matches', () => {
    assert.equal(refusal("1.matches('a')").reason, "found no matching overload for 'int.matches(string)'");
  });

  test('matches has a budget per record: a text too long for the pattern is no match, not minutes', () => {
    const where = compileWhere("value.s.matches('^(a|b)*c')");
    assert.equal(where.test({ value: { s: `${'ab'.repeat(1000)}c` } }), true);
    // ~8 instructions × 2,400,001 characters: past the 2,000,000 steps of a record.
    assert.equal(where.test({ value: { s: `${'ab'.repeat(1_200_000)}c` } }), false);
  });

  test('comprehensions have a budget per record: three nested loops over 200 elements are no match', { timeout: 10_000 }, () => {
    const list = Array.from({ length: 200 }, (_, i) => i);
    assert.equal(compileWhere('value.l.all(x, value.l.all(y, true))').test({ value: { l: list } }), true);
    // 8,000,000 elements visited, each with its nodes: past the 4,000,000 steps of a record.
    assert.equal(compileWhere('value.l.all(x, value.l.all(y, value.l.all(z, true)))').test({ value: { l: list } }), false);
    // The budget is the record's own: the next record has all of it again.
    assert.equal(compileWhere('value.l.all(x, value.l.all(y, true))').test({ value: { l: list } }), true);
  });
});
