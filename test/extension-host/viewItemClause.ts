// The `viewItem` part of a package.json when clause, as a predicate over context values: the
// context-values test and the read-only test both check menus against the table with it.
import * as assert from 'node:assert/strict';

/**
 * The `viewItem` test of a when clause as a predicate. Only the forms our manifest uses are
 * understood (`viewItem == x`, `viewItem =~ /re/`, joined by `&&`); anything else fails the test
 * rather than being guessed at.
 */
export function viewItemPredicate(when: string): (value: string) => boolean {
  assert.ok(!/\|\||!/.test(when), `"${when}": only && joins are understood here; extend this parser before using || or !`);
  const terms = when.split('&&').map((t) => t.trim()).filter((t) => t.startsWith('viewItem'));
  assert.equal(terms.length, 1, `"${when}" must test viewItem exactly once`);
  const equals = /^viewItem\s*==\s*(\S+)$/.exec(terms[0]);
  if (equals) return (value) => value === equals[1];
  const matches = /^viewItem\s*=~\s*\/(.*)\/([a-z]*)$/.exec(terms[0]);
  assert.ok(matches, `"${terms[0]}" is neither viewItem == x nor viewItem =~ /re/`);
  const re = new RegExp(matches[1], matches[2]);
  return (value) => re.test(value);
}
