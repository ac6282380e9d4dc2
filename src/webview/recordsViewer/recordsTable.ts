import type { RecordRow } from './messages';
import { byteSize, el, localTime, utcInstant } from './dom';

/** Every row has this height: the window in view is then plain arithmetic on scrollTop. */
export const ROW_HEIGHT = 22;
/**
 * The page keeps at most this many rows (the extension host has them all): scrolling through a
 * million rows leaves the page as small as it started, and its garbage collections short.
 */
const MAX_CACHED_ROWS = 2_000;
/** Browsers cap an element's height (~33 M px in Chromium): beyond this the scroll is scaled. */
const MAX_SPACER_PX = 15_000_000;

export const COLUMNS = ['Partition', 'Offset', 'Time', 'Key', 'Value', 'Headers', 'Size'] as const;
/** Short column titles that fit their widths (the full name is the hover). */
const COLUMN_TITLES: Record<(typeof COLUMNS)[number], string> = { Partition: 'Part.', Offset: 'Offset', Time: 'Time', Key: 'Key', Value: 'Value', Headers: 'Hdrs', Size: 'Size' };

export interface TableEvents {
  /** Rows first…last are in view and not loaded: ask the extension for them. */
  needRows(first: number, last: number): void;
  /** These rows were dropped from the page's cache: ask again when they come into view. */
  forgot(rows: number[]): void;
  select(row: number): void;
  open(row: number): void;
  /** The rows drawn (cell texts), after a change. */
  drawn(firstRow: number, cells: string[][]): void;
}

/**
 * A virtual-scrolling table of fixed-height rows: a spacer as tall as all rows gives the scrollbar;
 * a layer that sticks to the top of the viewport holds just the rows in view (a pool of row
 * elements reused as the view moves). Rows come from a cache the extension fills on request.
 */
export class RecordsTable {
  readonly element: HTMLDivElement;
  private readonly viewport: HTMLDivElement;
  private readonly spacer: HTMLDivElement;
  private readonly layer: HTMLDivElement;
  private readonly pool: HTMLDivElement[] = [];
  private cache = new Map<number, RecordRow>();
  private count = 0;
  private selected = -1;
  private frame = 0;
  private lastDrawn = '';
  private drawnTimer = 0;

  constructor(private readonly events: TableEvents) {
    const header = el('div', { className: 'row header' }, ...COLUMNS.map((c) => el('div', { className: `cell c-${c.toLowerCase()}`, text: COLUMN_TITLES[c], title: c })));
    this.spacer = el('div', { className: 'spacer' });
    this.layer = el('div', { className: 'layer' });
    this.viewport = el('div', { className: 'viewport' }, this.layer, this.spacer);
    this.viewport.tabIndex = 0;
    this.viewport.setAttribute('role', 'grid');
    this.viewport.setAttribute('aria-label', 'Records');
    this.element = el('div', { className: 'table' }, header, this.viewport);
    this.viewport.addEventListener('scroll', () => this.schedule());
    this.viewport.addEventListener('keydown', (e) => this.onKey(e));
    new ResizeObserver(() => this.schedule()).observe(this.viewport);
  }

  /** A new list (after a load or a filter): rows are fetched again. */
  reset(count: number): void {
    this.count = count;
    this.cache = new Map();
    if (this.selected >= count) this.selected = count - 1;
    this.spacer.style.height = `${Math.min(count * ROW_HEIGHT, MAX_SPACER_PX)}px`;
    this.lastDrawn = '';
    this.schedule();
  }

  addRows(rows: RecordRow[]): void {
    for (const r of rows) this.cache.set(r.row, r);
    if (this.cache.size > MAX_CACHED_ROWS) this.forgetFarRows();
    this.schedule();
  }

  /** Drops the cached rows farthest from the view, keeping the half of the limit on either side. */
  private forgetFarRows(): void {
    const centre = Math.floor(this.virtualTop() / ROW_HEIGHT);
    const forgotten: number[] = [];
    for (const row of this.cache.keys()) {
      if (Math.abs(row - centre) > MAX_CACHED_ROWS / 2) forgotten.push(row);
    }
    for (const row of forgotten) this.cache.delete(row);
    if (forgotten.length > 0) this.events.forgot(forgotten);
  }

  rowAt(row: number): RecordRow | undefined {
    return this.cache.get(row);
  }

  get selection(): number {
    return this.selected;
  }

  get scrollTop(): number {
    return this.viewport.scrollTop;
  }

  set scrollTop(top: number) {
    this.viewport.scrollTop = top;
  }

  focus(): void {
    this.viewport.focus();
  }

  setSelection(row: number): void {
    if (this.count === 0) return;
    this.selected = Math.max(0, Math.min(this.count - 1, row));
    this.scrollIntoView(this.selected);
    this.schedule();
    this.events.select(this.selected);
  }

  /** Scrolls the selected row into view (after the detail pane opened and took part of the height). */
  revealSelection(): void {
    if (this.selected < 0) return;
    this.scrollIntoView(this.selected);
    this.schedule();
  }

  /** The virtual pixel offset of the viewport's top (equal to scrollTop unless the scroll is scaled). */
  private virtualTop(): number {
    const total = this.count * ROW_HEIGHT;
    const spacer = Math.min(total, MAX_SPACER_PX);
    const view = this.viewport.clientHeight;
    if (spacer === total || spacer <= view) return this.viewport.scrollTop;
    return (this.viewport.scrollTop / (spacer - view)) * (total - view);
  }

  private scrollIntoView(row: number): void {
    const total = this.count * ROW_HEIGHT;
    const spacer = Math.min(total, MAX_SPACER_PX);
    const view = this.viewport.clientHeight;
    const top = this.virtualTop();
    let wanted = top;
    if (row * ROW_HEIGHT < top) wanted = row * ROW_HEIGHT;
    else if ((row + 1) * ROW_HEIGHT > top + view) wanted = (row + 1) * ROW_HEIGHT - view;
    if (wanted === top) return;
    this.viewport.scrollTop = spacer === total || spacer <= view ? wanted : (wanted / (total - view)) * (spacer - view);
  }

  private pageRows(): number {
    return Math.max(1, Math.floor(this.viewport.clientHeight / ROW_HEIGHT) - 1);
  }

  private onKey(e: KeyboardEvent): void {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: this.pageRows(), PageUp: -this.pageRows() };
    if (e.key in moves) this.setSelection((this.selected < 0 ? -1 : this.selected) + moves[e.key]);
    else if (e.key === 'Home') this.setSelection(0);
    else if (e.key === 'End') this.setSelection(this.count - 1);
    else if (e.key === 'Enter' && this.selected >= 0) this.events.open(this.selected);
    else return;
    e.preventDefault();
  }

  private schedule(): void {
    if (this.frame === 0) this.frame = requestAnimationFrame(() => this.draw());
  }

  private draw(): void {
    this.frame = 0;
    const view = this.viewport.clientHeight;
    const top = this.virtualTop();
    const first = Math.max(0, Math.floor(top / ROW_HEIGHT));
    const last = Math.min(this.count - 1, Math.ceil((top + view) / ROW_HEIGHT));
    const visible = Math.max(0, last - first + 1);
    while (this.pool.length < visible) this.pool.push(this.newRowElement());
    const cells: string[][] = [];
    let missingFrom = -1;
    let missingTo = -1;
    for (let k = 0; k < this.pool.length; k++) {
      const element = this.pool[k];
      if (k >= visible) {
        element.style.display = 'none';
        continue;
      }
      const row = first + k;
      element.style.display = '';
      element.style.transform = `translateY(${row * ROW_HEIGHT - top}px)`;
      element.dataset.row = String(row);
      element.classList.toggle('selected', row === this.selected);
      element.setAttribute('aria-selected', String(row === this.selected));
      const data = this.cache.get(row);
      if (!data) {
        if (missingFrom < 0) missingFrom = row;
        missingTo = row;
      }
      cells.push(fillRow(element, data));
    }
    if (missingFrom >= 0) this.events.needRows(missingFrom, missingTo);
    // Reported once the view has settled (not on every frame of a scroll), and only when it changed.
    clearTimeout(this.drawnTimer);
    if (missingFrom >= 0) return;
    this.drawnTimer = window.setTimeout(() => {
      const drawn = `${first}:${cells.map((c) => c.join('\u0001')).join('\u0002')}`;
      if (drawn === this.lastDrawn) return;
      this.lastDrawn = drawn;
      this.events.drawn(first, cells);
    }, 150);
  }

  private newRowElement(): HTMLDivElement {
    const row = el('div', { className: 'row' }, ...COLUMNS.map((c) => el('div', { className: `cell c-${c.toLowerCase()}` })));
    row.setAttribute('role', 'row');
    row.addEventListener('click', () => {
      const index = Number(row.dataset.row);
      this.setSelection(index);
      this.events.open(index);
      this.viewport.focus();
    });
    this.layer.appendChild(row);
    return row;
  }
}

/** Sets a row element's cells from a record row (as text), or blanks while it loads; returns the texts. */
function fillRow(element: HTMLDivElement, data: RecordRow | undefined): string[] {
  const texts = data
    ? [String(data.partition), String(data.offset), localTime(data.timestamp), data.key, data.value, String(data.headers), byteSize(data.size)]
    : ['', '', '', '', '', '', ''];
  const cells = element.children;
  for (let c = 0; c < texts.length; c++) {
    const cell = cells[c] as HTMLElement;
    if (cell.textContent !== texts[c]) cell.textContent = texts[c];
  }
  const timeCell = cells[2] as HTMLElement;
  timeCell.title = data ? utcInstant(data.timestamp) : '';
  (cells[3] as HTMLElement).classList.toggle('binary', data?.keyBinary ?? false);
  (cells[4] as HTMLElement).classList.toggle('binary', data?.valueBinary ?? false);
  element.classList.toggle('loading', !data);
  return texts;
}
