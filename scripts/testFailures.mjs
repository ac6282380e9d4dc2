// What a failed tier said about its failures, printed again by run-tests.mjs after the summary.
// A module of its own, so that it can be tried on a saved tier output without running the suite:
//   node -e "import('./scripts/testFailures.mjs').then((m) => console.log(m.failureDetails(require('fs').readFileSync('out.txt', 'utf8'))))"

const stripAnsi = (s) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');

/**
 * What a failed tier said about its failures, to print again after the summary (a CI log is often
 * read from its end, and the later tiers' output pushes the first account far up): node's spec
 * reporter's "✖ failing tests:" section, or mocha's from "N failing" on; at most FAILURE_LINES lines.
 */
const FAILURE_LINES = 40;
export function failureDetails(output) {
  const text = stripAnsi(output);
  const start = [text.lastIndexOf('✖ failing tests:'), text.search(/^\s*\d+ failing\b/m)].filter((i) => i >= 0);
  if (start.length === 0) return '';
  const lines = text.slice(Math.min(...start)).split('\n').filter((l) => l.trim() !== '');
  return [...lines.slice(0, FAILURE_LINES), ...(lines.length > FAILURE_LINES ? [`… ${lines.length - FAILURE_LINES} more lines: see the tier's own output above`] : [])].join('\n');
}

