// The search as a form: the records viewer's search bar (and the palette's one question) hand in
// plain strings; this turns them into a search, or into one sentence per field that is wrong —
// with the same parsers the CLI uses (time.ts, whereExpression.ts), so a time or an expression
// means the same everywhere.
import { parseTime } from '../time';
import { UsageError } from '../errors';
import type { StartPosition } from '../reader/startPosition';
import { compileWhere } from './whereExpression';
import type { SearchCriteria } from './searchCriteria';
import type { SearchField, SearchForm } from './searchFormShape';

export type { SearchField, SearchForm };

/** Matches a search keeps before it stops (Load more goes on). */
export const DEFAULT_MAX_MATCHES = 1000;
const MAX_MATCHES_LIMIT = 1_000_000;

export function emptySearchForm(): SearchForm {
  return { key: '', keyMatch: 'is', value: '', header: '', where: '', from: '', until: '', partitions: '', maxMatches: '' };
}

/** A search the form asked for, every field checked. */
export interface SearchQuery {
  criteria: SearchCriteria;
  /** "key customer-7 · value contains failed": the scope line and the panel's title. */
  criteriaText: string;
  start: StartPosition;
  /** The start, resolved (epoch ms) when it was a time: the header shows it. */
  startTime?: number;
  untilTime?: number;
  /** Absent: every partition. */
  partitions?: number[];
  maxMatches: number;
}

export type ParsedSearchForm = { query: SearchQuery; problems?: undefined } | { query?: undefined; problems: Partial<Record<SearchField, string>> };

/** Checks every field at once (a person fixes them all in one go); `now` resolves relative times. */
export function parseSearchForm(form: SearchForm, now: number = Date.now()): ParsedSearchForm {
  const problems: Partial<Record<SearchField, string>> = {};
  const attempt = <T>(field: SearchField, parse: () => T): T | undefined => {
    try {
      return parse();
    } catch (err) {
      problems[field] = err instanceof Error ? err.message : String(err);
      return undefined;
    }
  };
  const criteria: SearchCriteria = {};
  const said: string[] = [];
  if (form.key !== '') {
    if (form.keyMatch === 'contains') criteria.keyContains = form.key;
    else criteria.key = form.key;
    said.push(form.keyMatch === 'contains' ? `key contains ${form.key}` : `key ${form.key}`);
  }
  if (form.value !== '') {
    criteria.valueContains = form.value;
    said.push(`value contains ${form.value}`);
  }
  if (form.header.trim() !== '') {
    const header = attempt('header', () => parseHeader(form.header));
    if (header) {
      criteria.header = header;
      said.push(`header ${form.header.trim()}`);
    }
  }
  if (form.where.trim() !== '') {
    attempt('where', () => compileWhere(form.where));
    criteria.where = form.where;
    said.push(`where ${form.where.trim()}`);
  }
  if (said.length === 0 && Object.keys(problems).length === 0) problems.value = 'Type something to look for: a key, text in the value, a header or a where expression.';
  const startTime = form.from.trim() === '' ? undefined : attempt('from', () => parseTime(form.from, now));
  const untilTime = form.until.trim() === '' ? undefined : attempt('until', () => parseTime(form.until, now));
  if (startTime !== undefined && untilTime !== undefined && untilTime < startTime) problems.until = 'The until time is before the from time: nothing could match.';
  const partitions = attempt('partitions', () => parsePartitions(form.partitions));
  const maxMatches = attempt('maxMatches', () => parseMaxMatches(form.maxMatches));
  if (Object.keys(problems).length > 0 || maxMatches === undefined) return { problems };
  return {
    query: {
      criteria,
      criteriaText: said.join(' · '),
      start: startTime === undefined ? { kind: 'beginning' } : { kind: 'time', time: startTime },
      startTime,
      untilTime,
      partitions,
      maxMatches,
    },
  };
}

function parseHeader(text: string): { name: string; value?: string } {
  const at = text.indexOf('=');
  const name = (at < 0 ? text : text.slice(0, at)).trim();
  if (name === '') throw new UsageError('A header name comes first: NAME or NAME=VALUE.');
  return at < 0 ? { name } : { name, value: text.slice(at + 1) };
}

/** "" or "all": every partition (undefined); "0, 2 5": those, sorted, each once. */
export function parsePartitions(text: string): number[] | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.toLowerCase() === 'all') return undefined;
  const parts = trimmed.split(/[\s,]+/).filter((p) => p !== '');
  const numbers = parts.map((p) => {
    if (!/^\d+$/.test(p) || !Number.isSafeInteger(Number(p))) throw new UsageError(`"${p.length > 20 ? `${p.slice(0, 20)}…` : p}" is not a partition number: list whole numbers like 0, 2, 5, or leave it empty for all partitions.`);
    return Number(p);
  });
  return [...new Set(numbers)].sort((a, b) => a - b);
}

function parseMaxMatches(text: string): number {
  const trimmed = text.trim();
  if (trimmed === '') return DEFAULT_MAX_MATCHES;
  const max = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || !Number.isSafeInteger(max) || max < 1 || max > MAX_MATCHES_LIMIT) throw new UsageError('At most how many matches: a whole number from 1 to 1,000,000.');
  return max;
}

/**
 * The palette's one question, as a form: plain text is looked for in the value; `key:K` is the
 * exact key, `header:NAME[=VALUE]` a header, `where:EXPR` an expression. The rest stays at its
 * default, for the person to change in the viewer's bar.
 */
export function formFromText(text: string): SearchForm {
  const form = emptySearchForm();
  const prefixed = /^(key|header|where):\s?([\s\S]*)$/i.exec(text);
  if (!prefixed) form.value = text;
  else if (prefixed[1].toLowerCase() === 'key') form.key = prefixed[2];
  else if (prefixed[1].toLowerCase() === 'header') form.header = prefixed[2];
  else form.where = prefixed[2];
  return form;
}

/** The palette's question checked as the form would be: its one sentence, or undefined. */
export function searchTextProblem(text: string): string | undefined {
  const { problems } = parseSearchForm(formFromText(text));
  return problems ? Object.values(problems)[0] : undefined;
}

/** Marks an error as being about one field of the form (the error itself, its sentence unchanged). */
export function tagField(err: unknown, field: SearchField): unknown {
  if (err instanceof Error) Object.assign(err, { searchField: field });
  return err;
}

/** The field an error was marked with by tagField, if any. */
export function fieldOf(err: unknown): SearchField | undefined {
  const field = (err as { searchField?: unknown } | null)?.searchField;
  return typeof field === 'string' && field in emptySearchForm() ? (field as SearchField) : undefined;
}
