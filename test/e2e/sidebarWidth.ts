// The sidebar at a given width, dragged by its sash as a person would, and whether a row's text is
// fully on screen there (VS Code ellipsises what passes the row's label): the 300-px checks of
// narrowSidebar.e2e.ts and schemaRegistry.e2e.ts.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

// (The test code is compiled without the DOM's types: the few the page callbacks use, declared.)
interface Rect { left: number; right: number; top: number; width: number; height: number }
interface DomNode { textContent: string | null }
interface DomElement extends DomNode {
  getBoundingClientRect(): Rect;
  querySelector(selector: string): DomElement | null;
}
interface DomDocument {
  querySelectorAll(selector: string): Iterable<DomElement>;
  createTreeWalker(root: DomElement, whatToShow: number): { nextNode(): DomNode | null };
  createRange(): { setStart(node: DomNode, at: number): void; setEnd(node: DomNode, at: number): void; getBoundingClientRect(): Rect };
}
/** NodeFilter.SHOW_TEXT */
const SHOW_TEXT = 4;

/** Drags the sash at the sidebar's right edge until the sidebar is `px` wide; returns its width. */
export async function dragSidebarTo(page: Page, px: number): Promise<number> {
  const sidebar = (await page.locator('.part.sidebar').boundingBox())!;
  const sash = await page.evaluate((right) => {
    const document = (globalThis as unknown as { document: DomDocument }).document;
    const found = [...document.querySelectorAll('.monaco-sash.vertical')]
      .map((s) => s.getBoundingClientRect())
      .find((r) => r.height > 200 && Math.abs(r.left + r.width / 2 - right) < 6);
    return found ? { x: found.left + found.width / 2, y: found.top + found.height / 2 } : undefined;
  }, sidebar.x + sidebar.width);
  assert.ok(sash, 'the sash at the sidebar\'s edge');
  await page.mouse.move(sash.x, sash.y);
  await page.mouse.down();
  await page.mouse.move(sidebar.x + px, sash.y, { steps: 8 });
  await page.mouse.up();
  return (await page.locator('.part.sidebar').boundingBox())!.width;
}

/**
 * Where `text` ends on the first sidebar row containing `rowText`, and where the row's label
 * clips (VS Code ellipsises what passes it): text ending inside the clip is fully shown.
 */
export async function textShown(page: Page, rowText: string, text: string): Promise<{ textRight: number; clipRight: number } | undefined> {
  return page.evaluate(
    ([rowText, text, showText]) => {
      const document = (globalThis as unknown as { document: DomDocument }).document;
      const row = [...document.querySelectorAll('.part.sidebar .monaco-list-row')].find((r) => (r.textContent ?? '').includes(rowText));
      const clip = row?.querySelector('.monaco-icon-label-container');
      if (!row || !clip) return undefined;
      const walker = document.createTreeWalker(row, showText);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = (node.textContent ?? '').indexOf(text);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + text.length);
        return { textRight: range.getBoundingClientRect().right, clipRight: clip.getBoundingClientRect().right };
      }
      return undefined;
    },
    [rowText, text, SHOW_TEXT] as const,
  );
}

/** Asserts each [row, text] is fully on screen, after a screenshot (`save`); logs where each ends. */
export async function expectShown(page: Page, width: number, save: () => Promise<unknown>, musts: [string, string][]): Promise<void> {
  await save();
  const report: string[] = [];
  for (const [row, text] of musts) {
    const where = await textShown(page, row, text);
    assert.ok(where, `a row "${row}" showing "${text}"`);
    report.push(`${text}: ends at ${Math.round(where.textRight)} px, clip at ${Math.round(where.clipRight)} px`);
    assert.ok(where.textRight <= where.clipRight + 0.5, `"${text}" is cut off in a ${width}-px sidebar:\n${report.join('\n')}`);
  }
  console.log(`sidebar ${width} px\n${report.join('\n')}`);
}
