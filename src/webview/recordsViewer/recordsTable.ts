import type { CellMark, RecordRow } from './messages';
import { byteSize, el, localTime, utcInstant } from './dom';

/** Every row has this height: the window in view is then plain arithmetic on scrollTop. */
export const ROW_HEIGHT = 22;
/**
 * The page keeps at most this many rows (the extension host has them all): scrolling through a
 * million rows leaves the page as small as it started, and its garbage collections short.
 */
const MAX_CACHED_ROWS = 2_000;
/** When the cache is over its limit, rows farther than this from the view are dropped (so it drops a batch at a time, not a window per answer). */
const KEEP_AROUND_ROWS = MAX_CACHED_ROWS / 4;
/** Rows asked for ahead of the view in the direction of the scroll, and behind it, so they are there when they come into view. */
const PREFETCH_AHEAD_ROWS = 400;
const PREFETCH_BEHIND_ROWS = 100;
/**
 * Rows given their texts in one frame while the view moves a screen or more a frame (dragging the
 * scrollbar, a fling, End): every frame would otherwise lay out and paint a whole screen of new text
 * that nobody can read at that speed, and those frames were the long tasks. The rest fill in on the
 * next frames; a slower scroll (a wheel, PageDown) fills every row in view at once.
 */
const ROWS_FILLED_PER_FRAME_IN_FLIGHT = 8;
/** Browsers cap an element's height (~33 M px in Chromium): beyond this the scroll is scaled. */
const MAX_SPACER_PX = 15_000_000;

export const COLUMNS = ['Partition', 'Offset', 'Time', 'Key', 'Value', 'Headers', 'Size'] as const;
/** Short column titles that fit their widths (the full name is the hover). */
const COLUMN_TITLES: Record<(typeof COLUMNS)[number], string> = { Partition: 'Part.', Offset: 'Offset', Time: 'Time', Key: 'Key', Value: 'Value', Headers: 'Hdrs', Size: 'Size' };

export interface TableEvents {
  /** Rows first…last are in view or near it (asked on every draw: the receiver skips what it has asked for). */
  needRows(first: number, last: number): void;
  /** These rows were dropped from the page's cache: ask again when they come into view. */
  forgot(rows: number[]): void;
  select(row: number): void;
  open(row: number): void;
  /** The rows drawn (cell texts), after a change. */
  drawn(firstRow: number, cells: string[][]): void;
}

/** A row as the table shows it: the record row and its cell texts, formatted once when it arrives. */
interface CachedRow {
  data: RecordRow;
  /** The cells' texts (the key and value without their marks). */
  texts: string[];
  /** The time cell's hover: the UTC instant. */
  utc: string;
}

/** What one pooled row element shows now, so a draw writes only what changed (and never reads the DOM). */
interface Slot {
  element: HTMLDivElement;
  /** The Text node of each cell: its data is replaced in place (text only, never HTML). */
  texts: Text[];
  /** The key's and the value's mark (the schema they read with, or "not decoded"): hidden when the topic has no record format. */
  marks: [HTMLSpanElement, HTMLSpanElement];
  row: number;
  /** The cached row whose texts are in the cells; undefined while the row is loading. */
  shown: CachedRow | undefined;
  loading: boolean;
  /** Its offset from the view's top, in px. */
  y: number;
  selected: boolean;
}

/**
 * A virtual-scrolling table of fixed-height rows: a spacer as tall as all rows gives the scrollbar;
 * a layer that sticks to the top of the viewport holds a pool of row elements, moved by a transform
 * (the cheapest style change), that shows just the rows in view. Row r always lands in pool slot
 * r % pool size, so a scroll rewrites the texts of only the rows that came into view. Rows come
 * from a cache the extension fills on request.
 */
export class RecordsTable {
  readonly element: HTMLDivElement;
  private readonly viewport: HTMLDivElement;
  private readonly spacer: HTMLDivElement;
  private readonly layer: HTMLDivElement;
  private readonly slots: Slot[] = [];
  private cache = new Map<number, CachedRow>();
  private count = 0;
  private selected = -1;
  private frame = 0;
  private lastDrawn = '';
  private drawnTimer = 0;
  /** The rows drawn last (for the scroll direction and the settled report). */
  private drawnFirst = 0;
  private drawnLast = -1;
  private scrollingDown = true;

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
    for (const slot of this.slots) slot.row = -1;
    if (this.selected >= count) this.selected = count - 1;
    this.spacer.style.height = `${Math.min(count * ROW_HEIGHT, MAX_SPACER_PX)}px`;
    this.lastDrawn = '';
    this.schedule();
  }

  addRows(rows: RecordRow[]): void {
    for (const data of rows) this.cache.set(data.row, { data, texts: cellTexts(data), utc: utcInstant(data.timestamp) });
    if (this.cache.size > MAX_CACHED_ROWS) this.forgetFarRows();
    this.schedule();
  }

  /** Drops the cached rows far from the view: a batch at a time, so most answers drop nothing. */
  private forgetFarRows(): void {
    const centre = Math.floor(this.virtualTop() / ROW_HEIGHT);
    const forgotten: number[] = [];
    for (const row of this.cache.keys()) {
      if (Math.abs(row - centre) > KEEP_AROUND_ROWS) forgotten.push(row);
    }
    for (const row of forgotten) this.cache.delete(row);
    if (forgotten.length > 0) this.events.forgot(forgotten);
  }

  rowAt(row: number): RecordRow | undefined {
    return this.cache.get(row)?.data;
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
    // One slot more than fits, so first…last never share one.
    this.ensureSlots(Math.ceil(view / ROW_HEIGHT) + 2);
    const size = this.slots.length;
    let unfilled = false;
    const jumped = Math.abs(first - this.drawnFirst) >= last - first + 1;
    let budget = jumped ? ROWS_FILLED_PER_FRAME_IN_FLIGHT : Infinity;
    for (let row = first; row <= last; row++) {
      const slot = this.slots[row % size];
      const cached = this.cache.get(row);
      if (slot.row !== row) {
        slot.row = row;
        slot.element.dataset.row = String(row);
      }
      if (cached && cached !== slot.shown && budget > 0) {
        showRow(slot, cached);
        slot.shown = cached;
        budget--;
      }
      const loading = !cached || slot.shown !== cached;
      if (loading) unfilled = true;
      setLoading(slot, loading);
      // A row still without its texts waits out of sight (its place shows blank): a move is a transform
      // change only, where hiding it by style would restyle it, or change the page's layers, every frame.
      moveSlot(slot, loading ? PARKED_Y : row * ROW_HEIGHT - top);
      const selected = row === this.selected;
      if (slot.selected !== selected) {
        slot.selected = selected;
        slot.element.classList.toggle('selected', selected);
        slot.element.setAttribute('aria-selected', String(selected));
      }
    }
    // The slots this frame does not use: without a row, out of sight.
    for (const slot of this.slots) {
      if (slot.row >= first && slot.row <= last) continue;
      if (slot.row !== -1 || slot.y !== PARKED_Y) {
        slot.row = -1;
        delete slot.element.dataset.row;
      }
      setLoading(slot, true);
      moveSlot(slot, PARKED_Y);
    }
    if (first !== this.drawnFirst) this.scrollingDown = first > this.drawnFirst;
    this.drawnFirst = first;
    this.drawnLast = last;
    if (this.count > 0) {
      const ahead = this.scrollingDown ? PREFETCH_AHEAD_ROWS : PREFETCH_BEHIND_ROWS;
      const behind = this.scrollingDown ? PREFETCH_BEHIND_ROWS : PREFETCH_AHEAD_ROWS;
      this.events.needRows(Math.max(0, first - behind), Math.min(this.count - 1, last + ahead));
    }
    // Rows left for want of budget are filled on the next frame (rows still on their way, when they arrive).
    if (budget === 0 && unfilled) this.schedule();
    // Reported once the view has settled (not on every frame of a scroll), and only when it changed.
    clearTimeout(this.drawnTimer);
    if (unfilled) return;
    this.drawnTimer = window.setTimeout(() => this.reportDrawn(), 150);
  }

  private reportDrawn(): void {
    const cells: string[][] = [];
    for (let row = this.drawnFirst; row <= this.drawnLast; row++) {
      const shown = this.slots[row % this.slots.length];
      if (shown.row !== row || shown.loading || !shown.shown) return;
      cells.push(reportedTexts(shown.shown));
    }
    const drawn = `${this.drawnFirst}:${cells.map((c) => c.join('\u0001')).join('\u0002')}`;
    if (drawn === this.lastDrawn) return;
    this.lastDrawn = drawn;
    this.events.drawn(this.drawnFirst, cells);
  }

  /** Grows the pool to `size` slots; rows then move to other slots, so every slot is drawn afresh. */
  private ensureSlots(size: number): void {
    if (this.slots.length >= size) return;
    while (this.slots.length < size) this.slots.push(this.newSlot());
    for (const slot of this.slots) slot.row = -1;
  }

  private newSlot(): Slot {
    const texts = COLUMNS.map(() => document.createTextNode(''));
    const marks: [HTMLSpanElement, HTMLSpanElement] = [markElement(), markElement()];
    const cellOf = (c: (typeof COLUMNS)[number], i: number) => (c === 'Key' ? el('div', { className: 'cell c-key' }, marks[0], texts[i]) : c === 'Value' ? el('div', { className: 'cell c-value' }, marks[1], texts[i]) : el('div', { className: `cell c-${c.toLowerCase()}` }, texts[i]));
    const row = el('div', { className: 'row loading' }, ...COLUMNS.map(cellOf));
    row.setAttribute('role', 'row');
    row.style.transform = `translateY(${PARKED_Y}px)`;
    row.addEventListener('click', () => {
      const index = Number(row.dataset.row);
      this.setSelection(index);
      this.events.open(index);
      this.viewport.focus();
    });
    this.layer.appendChild(row);
    return { element: row, texts, marks, row: -1, shown: undefined, loading: true, y: PARKED_Y, selected: false };
  }
}

/** Where unused and unfilled slots wait: above the view (the layer does not clip; the viewport does). */
const PARKED_Y = -10 * ROW_HEIGHT;

function setLoading(slot: Slot, loading: boolean): void {
  if (slot.loading === loading) return;
  slot.loading = loading;
  slot.element.classList.toggle('loading', loading);
}

function moveSlot(slot: Slot, y: number): void {
  if (slot.y === y) return;
  slot.y = y;
  slot.element.style.transform = `translateY(${y}px)`;
}

/** A record row's cell texts, in COLUMNS order. */
function cellTexts(data: RecordRow): string[] {
  return [String(data.partition), String(data.offset), localTime(data.timestamp), data.key, data.value, String(data.headers), byteSize(data.size)];
}

/** Puts a cached row's texts into a slot's cells (as text), writing only the cells that differ. */
function showRow(slot: Slot, cached: CachedRow): void {
  const before = slot.shown;
  for (let c = 0; c < cached.texts.length; c++) {
    if (before?.texts[c] !== cached.texts[c]) slot.texts[c].data = cached.texts[c];
  }
  const cells = slot.element.children;
  if (before?.utc !== cached.utc) (cells[2] as HTMLElement).title = cached.utc;
  if ((before?.data.keyBinary ?? false) !== cached.data.keyBinary) (cells[3] as HTMLElement).classList.toggle('binary', cached.data.keyBinary);
  if ((before?.data.valueBinary ?? false) !== cached.data.valueBinary) (cells[4] as HTMLElement).classList.toggle('binary', cached.data.valueBinary);
  if ((before?.data.tombstone ?? false) !== cached.data.tombstone) (cells[4] as HTMLElement).classList.toggle('tombstone', cached.data.tombstone);
  if (before?.data.keyMark !== cached.data.keyMark) showMark(slot.marks[0], cached.data.keyMark);
  if (before?.data.valueMark !== cached.data.valueMark) showMark(slot.marks[1], cached.data.valueMark);
}

function markElement(): HTMLSpanElement {
  const mark = el('span', { className: 'mark' });
  mark.hidden = true;
  return mark;
}

/** A key's or value's mark: the schema it read with (its full name and id on hover), or "not decoded" and why. */
function showMark(mark: HTMLSpanElement, data: CellMark | undefined): void {
  mark.hidden = data === undefined;
  mark.textContent = data?.text ?? '';
  mark.title = data?.title ?? '';
  mark.classList.toggle('failed', data?.failed ?? false);
}

/** The texts a person sees in a row: a key or value with its mark first ("Order {…}"), for the `rendered` report. */
function reportedTexts(row: CachedRow): string[] {
  const { keyMark, valueMark } = row.data;
  if (!keyMark && !valueMark) return row.texts;
  const texts = [...row.texts];
  if (keyMark) texts[3] = `${keyMark.text} ${texts[3]}`;
  if (valueMark) texts[4] = `${valueMark.text} ${texts[4]}`;
  return texts;
}
