// The records viewer page. It holds view state only (scroll, selection, which tab); the records,
// the filter's result, the histogram's bins and the exports are the extension's (see messages.ts).
import '../shared/base.css';
import './recordsViewer.css';
import { connectToExtension } from '../shared/extensionChannel';
import { ROW_WINDOW, type FromViewer, type ToViewer, type ViewerState } from './messages';
import { button, el, localTime } from './dom';
import { SearchBar } from './searchBar';
import { RecordsTable } from './recordsTable';
import { TimeHistogram } from './timeHistogram';
import { DetailPane, type DetailTab } from './detailPane';
import { counted } from '../shared/counted';

interface SavedView {
  scrollTop: number;
  selected: number;
  tab: DetailTab;
}

let state: ViewerState | undefined;
/** The row windows asked for (by first row) and still in the table's cache, so a scroll does not ask twice. */
const asked = new Set<number>();

const channel = connectToExtension<ToViewer, FromViewer, SavedView>(onMessage);
const saved = channel.savedState();

const summary = el('div', { className: 'summary' });
const scopeLine = el('span', { className: 'scope' });
const startLine = el('span', { className: 'start muted' });
// How the topic's records are read (its record format), and each problem that format met, once.
const readAsLine = el('span', { className: 'read-as' });
const formatProblems = el('div', { className: 'format-problems' });
formatProblems.setAttribute('role', 'status');
const searchBar = new SearchBar({
  run: (form) => channel.post({ type: 'search', form }),
  cancel: () => channel.post({ type: 'cancel' }),
});
const counts = el('span', { className: 'counts muted' });
const notice = el('span', { className: 'notice', text: '' });
notice.setAttribute('role', 'status');
const filterBox = el('input', { className: 'filter', title: 'Shows only records whose key or value contains this text (case-sensitive)' });
filterBox.placeholder = 'Filter loaded records: text in key or value';
filterBox.setAttribute('aria-label', 'Filter loaded records');
let filterTimer = 0;
filterBox.addEventListener('input', () => {
  clearTimeout(filterTimer);
  filterTimer = window.setTimeout(() => postFilter({ text: filterBox.value }), 200);
});
const loadMore = button('Load more', () => channel.post({ type: 'loadMore', ...(state?.readLimit !== undefined ? { max: perLoad.value } : {}) }), { title: 'Read on from where the last read stopped' });
// A replay's records per load: its limit, changeable here instead of asked before the replay.
const perLoad = el('input', { className: 'per-load', title: 'How many records each Load more reads' });
perLoad.setAttribute('aria-label', 'Records per load');
perLoad.style.width = '6em';
const perLoadBox = el('span', { className: 'per-load-box muted' }, perLoad, el('span', { text: ' per load' }));
const openJsonLines = button('Open as JSON Lines', () => channel.post({ type: 'openJsonLines' }), { secondary: true });
const scope = el('select', { title: 'Which rows export and produce take' });
scope.append(new Option('filtered rows', 'filtered'), new Option('all loaded rows', 'loaded'));
const rowsChoice = () => (scope.value === 'loaded' ? 'loaded' : 'filtered');
const exportCsv = button('Export CSV…', () => channel.post({ type: 'export', format: 'csv', rows: rowsChoice() }), { secondary: true });
const exportJsonl = button('Export JSON Lines…', () => channel.post({ type: 'export', format: 'jsonl', rows: rowsChoice() }), { secondary: true });
const produce = button('Produce to…', () => channel.post({ type: 'produce', rows: rowsChoice() }), { secondary: true, title: 'Produce these records to another topic (asks first)' });

const histogram = new TimeHistogram((from, to) => postFilter({ fromTime: from, toTime: to }));
const detail = new DetailPane({
  copy: (id, what) => channel.post({ type: 'copy', id, what }),
  showAll: (id) => channel.post({ type: 'detail', id, whole: true }),
  close: () => {
    detail.hide();
    table.focus();
  },
});
const table = new RecordsTable({
  needRows: (first, last) => requestRows(first, last),
  forgot: (rows) => {
    for (const row of rows) asked.delete(Math.floor(row / ROW_WINDOW) * ROW_WINDOW);
  },
  select: () => saveView(),
  open: (row) => {
    const data = table.rowAt(row);
    if (data) channel.post({ type: 'detail', id: data.id });
  },
  drawn: (firstRow, cells) => {
    if (state) channel.post({ type: 'rendered', version: state.version, firstRow, cells });
    saveView();
  },
});
if (saved) detail.currentTab = saved.tab;

document.body.append(
  searchBar.element,
  el('div', { className: 'toolbar header' }, scopeLine, startLine, readAsLine),
  formatProblems,
  el('div', { className: 'toolbar' }, summary),
  el('div', { className: 'toolbar' }, filterBox, counts, el('span', { className: 'spacer-flex' }), perLoadBox, loadMore, openJsonLines, scope, exportCsv, exportJsonl, produce),
  histogram.element,
  el('div', { className: 'main' }, table.element, detail.element),
  el('div', { className: 'statusline' }, notice),
);
channel.post({ type: 'ready' });

function postFilter(change: Partial<ViewerState['filter']>): void {
  const filter = { ...(state?.filter ?? {}), ...change };
  if ('fromTime' in change && change.fromTime === undefined) delete filter.fromTime;
  if ('toTime' in change && change.toTime === undefined) delete filter.toTime;
  channel.post({ type: 'filter', filter });
}

function requestRows(first: number, last: number): void {
  if (!state) return;
  // Whole windows of ROW_WINDOW rows, so nearby scrolls share one answer.
  for (let start = Math.floor(first / ROW_WINDOW) * ROW_WINDOW; start <= last; start += ROW_WINDOW) {
    if (asked.has(start)) continue;
    asked.add(start);
    channel.post({ type: 'rows', version: state.version, start, count: ROW_WINDOW });
  }
}

function saveView(): void {
  channel.saveState({ scrollTop: table.scrollTop, selected: table.selection, tab: detail.currentTab });
}

let restored = false;
function onMessage(message: ToViewer): void {
  switch (message.type) {
    case 'state': {
      const changed = state?.version !== message.state.version;
      state = message.state;
      render(state);
      if (changed) {
        asked.clear();
        table.reset(state.rows);
        if (!restored && saved) {
          table.scrollTop = saved.scrollTop;
          if (saved.selected >= 0) table.setSelection(saved.selected);
        }
        restored = true;
      }
      return;
    }
    case 'rows':
      if (message.version === state?.version) table.addRows(message.rows);
      return;
    case 'detail':
      detail.show(message.detail);
      // The pane takes part of the table's height: keep the selected row in sight.
      requestAnimationFrame(() => table.revealSelection());
      return;
    case 'notice':
      notice.textContent = message.text;
      return;
  }
}

function render(s: ViewerState): void {
  summary.textContent = s.summary;
  document.title = s.title;
  scopeLine.textContent = s.header.scope;
  startLine.textContent = startText(s.header);
  readAsLine.textContent = s.header.readAs === undefined ? '' : `Read as ${s.header.readAs}`;
  readAsLine.hidden = s.header.readAs === undefined;
  formatProblems.replaceChildren(...s.formatProblems.map((sentence) => el('div', { className: 'warning', text: `⚠ ${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}` })));
  formatProblems.hidden = s.formatProblems.length === 0;
  searchBar.update(s.search, s.searchProblems, s.loading);
  counts.textContent = s.rows === s.loaded ? counted(s.loaded, 'record') : `${s.rows} of ${counted(s.loaded, 'record')}`;
  if (document.activeElement !== filterBox) filterBox.value = s.filter.text ?? '';
  loadMore.hidden = !s.canLoadMore;
  // At the end of every partition (found by reading, not from the end offset) there is nothing to load.
  loadMore.disabled = s.loading || s.atEnd;
  loadMore.textContent = s.loading ? 'Loading…' : 'Load more';
  loadMore.title = s.atEnd ? 'Every partition was read to its end' : 'Read on from where the last read stopped';
  perLoadBox.hidden = s.readLimit === undefined || !s.canLoadMore;
  if (s.readLimit !== undefined && document.activeElement !== perLoad) perLoad.value = String(s.readLimit);
  openJsonLines.hidden = !s.canOpenJsonLines;
  histogram.update(s.histogram, { from: s.filter.fromTime, to: s.filter.toTime });
}

/** "From 2026-12-04 10:00:00.000 local · 2026-12-04T09:00:00.000Z UTC", or the start in words. */
function startText(header: ViewerState['header']): string {
  const instant = (t: number) => `${localTime(t)} local · ${new Date(t).toISOString()} UTC`;
  const from = header.startTime !== undefined ? `From ${instant(header.startTime)}` : header.start !== undefined ? `From ${header.start}` : '';
  const until = header.untilTime !== undefined ? `until ${instant(header.untilTime)}` : '';
  return [from, until].filter((t) => t !== '').join(' — ');
}
