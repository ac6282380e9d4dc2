// The tree in a 300-px sidebar, in a real browser: the text a person reads first on each row — the
// connection's variable and address, a topic's summary, a partition's offsets, a group's lag and a
// group partition's lag and committed offset — is on screen, not behind an ellipsis. The sidebar
// is dragged to 300 px by its sash, as a person would; the screenshot is test-artifacts/e2e/tree-300px.png.
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import { Workbench } from './harness';
import { applicationKafka, openSession, topicWith } from '../support/kafkaFixtures';
import type { KafkaSession } from '../../src/core/session';

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

const SIDEBAR_PX = 300;
let wb: Workbench;
let session: KafkaSession;
let topic: string;
let group: string;

before(async () => {
  session = openSession();
  const written = Date.now() - 3 * 60_000;
  topic = await topicWith(session, 'orders-narrow-sidebar', 3, Array.from({ length: 12 }, (_, i) => ({ key: `k${i}`, value: `{"n":${i}}`, partition: i % 3, timestamp: written })));
  // Sorted first among the broker's groups, so its rows are on screen without scrolling; as short
  // as a service's name (a long id pushes the lag off its row: the tooltip has it).
  group = `aaa-${randomBytes(3).toString('hex')}`;
  const admin = applicationKafka().admin();
  await admin.connect();
  try {
    await admin.setOffsets({ groupId: group, topic, partitions: [{ partition: 0, offset: '1' }, { partition: 1, offset: '4' }, { partition: 2, offset: '4' }] });
  } finally {
    await admin.disconnect();
  }
  wb = await Workbench.open({ env: { KAFKA_BOOTSTRAP: process.env.KAFKA_BOOTSTRAP } });
});

after(async () => {
  await wb?.close('narrow-final');
  await session?.close();
});

/** Drags the sash at the sidebar's right edge until the sidebar is `px` wide; returns its width. */
async function sidebarWidth(px: number): Promise<number> {
  const page = wb.page;
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
async function shown(rowText: string, text: string): Promise<{ textRight: number; clipRight: number } | undefined> {
  return wb.page.evaluate(
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

test('at 300 px the numbers a person reads first are on screen, not cut off', async () => {
  await wb.openView('Event Broker');
  const width = await sidebarWidth(SIDEBAR_PX);
  assert.ok(Math.abs(width - SIDEBAR_PX) <= 2, `the sidebar is ${width} px`);
  await wb.expandRow('KAFKA_BOOTSTRAP');
  await wb.runCommand('Event Broker: Filter Topics…');
  await wb.answerQuickInput(topic.slice(0, -1)); // the folder shows the filter, and must not match the topic's row
  await wb.expandRow('Topics (');
  await wb.expandRow(topic);
  await wb.waitForRow('Partition 2');
  await wb.expandRow('Consumer Groups (');
  await wb.expandRow(group);
  await wb.waitForRow('p0 · lag≈ 3');
  await wb.waitForRow('2 partitions caught up');
  await wb.waitForRow('lag ≈3 ·'); // the group row's lag, which arrives after the listing

  const bootstrap = process.env.KAFKA_BOOTSTRAP!;
  // [row, what must be fully visible on it]
  await expectShown(width, 'tree-300px', [
    ['KAFKA_BOOTSTRAP', 'KAFKA_BOOTSTRAP'],
    ['KAFKA_BOOTSTRAP', bootstrap],
    ['≈12 records', '≈12 records'],
    ['≈12 records', '0 empty'],
    ['Partition 0', '0…4≈'],
    [group, group],
    [group, 'lag ≈3'],
    // The label: partition, offset lag, time lag ("3 min behind").
    ['p0 · lag≈ 3', 'p0 · lag≈ 3 ·'],
    ['p0 · lag≈ 3', 'min behind'],
    ['2 partitions caught up', '2 partitions caught up'],
  ]);
  // Wider, the offsets follow (before, the topic led them and "committed 11 · e…" was cut at 560 px).
  const wider = await sidebarWidth(560);
  await expectShown(wider, 'tree-560px', [['p0 · lag≈ 3', 'committed 1 · end≈ 4']]);
});

async function expectShown(width: number, screenshot: string, musts: [string, string][]): Promise<void> {
  await wb.screenshot(screenshot);
  const report: string[] = [];
  for (const [row, text] of musts) {
    const where = await shown(row, text);
    assert.ok(where, `a row "${row}" showing "${text}"`);
    report.push(`${text}: ends at ${Math.round(where.textRight)} px, clip at ${Math.round(where.clipRight)} px`);
    assert.ok(where.textRight <= where.clipRight + 0.5, `"${text}" is cut off in a ${width}-px sidebar:\n${report.join('\n')}`);
  }
  console.log(`sidebar ${width} px\n${report.join('\n')}`);
}
