// A Chromium window on a running demo's code-server (the demo started it; this only looks), and the
// tour that takes the README's screenshots from the demo scenario.
//
//   node out/test/demo/demoWindow.js <demo URL> [<dir>]   # the tour's screenshots into <dir> (default docs/screenshots)
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, repoRoot } from '../e2e/codeServer';
import { selectors, until, WorkbenchPage } from '../e2e/harness';

/** The e2e harness's page driver, attached to a code-server the demo started. */
export class DemoWindow extends WorkbenchPage {
  private constructor(
    page: Page,
    private readonly browser: Browser,
  ) {
    super(page);
  }

  static async open(url: string, viewport = { width: 1400, height: 860 }): Promise<DemoWindow> {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport });
      await page.goto(url);
      await page.locator(selectors.workbench).waitFor({ timeout: 60_000 });
      return new DemoWindow(page, browser);
    } catch (err) {
      await browser.close().catch(() => undefined);
      throw err;
    }
  }

  /** Drags the sidebar's edge so tree rows show their descriptions (the default width cuts them off). */
  async widenSidebar(width: number): Promise<void> {
    const box = await this.page.locator(selectors.sidebar).boundingBox();
    if (!box || box.width >= width) return;
    // A webview (the workspace README's preview, opened at start-up) swallows the mouse as it
    // passes over it and the drag sticks: wait for it to open, then close it.
    await this.page.locator('.tabs-container .tab').filter({ hasText: 'README' }).first().waitFor({ timeout: 15_000 }).catch(() => undefined);
    await this.runCommand('View: Close All Editors');
    await this.page.locator('.tabs-container .tab').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
    const y = box.y + box.height * 0.75;
    await this.page.mouse.move(box.x + box.width, y);
    await this.page.waitForTimeout(300); // the sash reacts to hover first
    await this.page.mouse.down();
    for (let x = box.x + box.width; x < box.x + width; x += 20) {
      await this.page.mouse.move(x, y);
      await this.page.waitForTimeout(20);
    }
    await this.page.mouse.move(box.x + width, y);
    await this.page.waitForTimeout(100);
    await this.page.mouse.up();
    await this.page.waitForTimeout(100);
  }

  async screenshot(file: string): Promise<string> {
    return this.screenshotTo(file);
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined);
  }
}

/** The Event Broker tree with the demo's topics and groups expanded. Returns the visible rows. */
export async function showTree(w: DemoWindow): Promise<string[]> {
  await w.openView('Event Broker');
  await w.widenSidebar(560);
  await w.expandRow('KAFKA_BOOTSTRAP');
  await w.expandRow('Topics (');
  await w.expandRow('docs-consuming-orders');
  await w.waitForRow('Partition 2');
  await w.waitForNoRow('newest …'); // the summary row's newest record time comes just after the partitions
  await w.expandRow('Consumer Groups (');
  await w.expandRow('docs-consuming-rebalance');
  await w.waitForRow('rebalance-worker-b');
  return w.treeRows();
}

/** The README's pictures, from the demo scenario: tree, tail, replay, idle-group cleanup, settings warning. */
export async function screenshotTour(w: DemoWindow, dir: string): Promise<string[]> {
  const files: string[] = [];
  const shot = async (name: string): Promise<void> => void files.push(await w.screenshot(path.join(dir, `${name}.png`)));

  await showTree(w);
  await shot('tree');

  // The reset preview on an idle group: the plan per partition, then Keep Offsets (nothing committed).
  await w.contextMenu(await w.waitForRow('demo-idle-1'), 'Reset Offsets…');
  await w.pickQuickInput('Earliest');
  await w.typeAndPick('docs-consuming-orders');
  await w.waitForRowInQuickPick('Partition 2');
  await w.answerQuickInput(''); // every partition is picked already: accept
  await w.page.locator(selectors.dialog).waitFor({ timeout: 30_000 });
  await shot('reset-preview');
  await w.modalButton('Keep Offsets');
  await w.page.locator(selectors.dialog).waitFor({ state: 'hidden', timeout: 30_000 });

  await w.runCommand('Event Broker: Tail Topic…');
  await w.answerQuickInput('docs-consuming-trickle');
  // The status bar counts what the tail received (the panel shows fewer when its lines wrap).
  const tailCount = w.page.locator('.statusbar-item', { hasText: 'docs-consuming-trickle:' }).first();
  await until('ten trickle events in the tail', async () => {
    const count = Number(/docs-consuming-trickle: (\d+)/.exec(await tailCount.innerText().catch(() => ''))?.[1] ?? 0);
    return count >= 10 && (await w.outputPanelText()).includes('key=sensor-') ? true : undefined;
  });
  await shot('tail');
  await w.runCommand('Event Broker: Stop Tail');
  await until('the tail to stop', async () => ((await w.outputPanelText()).includes('tail stopped after') ? true : undefined));
  await w.runCommand('View: Hide Panel');

  await w.runCommand('Event Broker: Replay Partition…');
  await w.answerQuickInput('docs-consuming-orders');
  await w.pickQuickInput('Partition 1');
  await w.pickQuickInput('Time…');
  await w.answerQuickInput('-15m');
  // Replay opens the records viewer; the README's picture is of the JSON Lines document one click away.
  const viewerPage = w.page.locator('iframe.webview.ready').last().contentFrame().locator('iframe#active-frame').contentFrame();
  await viewerPage.locator('button', { hasText: 'Open as JSON Lines' }).click({ timeout: 60_000 });
  const editor = w.page.locator('.editor-instance .view-lines');
  await until('the replay document', async () => ((await editor.first().innerText().catch(() => '')).includes('"order"') ? true : undefined));
  await w.runCommand('View: Toggle Word Wrap'); // the records are wider than the editor
  await shot('replay');
  await w.runCommand('View: Close All Editors');
  await w.runCommand('Notifications: Clear All Notifications');

  await w.runCommand('Event Broker: Delete Idle Consumer Groups…');
  await w.answerQuickInput('demo-idle-');
  await w.page.locator(selectors.quickInputRow).filter({ hasText: 'demo-idle-3' }).first().waitFor({ timeout: 30_000 });
  await w.answerQuickInput('');
  await w.page.locator(selectors.dialog).waitFor({ timeout: 30_000 });
  await shot('delete-idle-modal');
  // Cancel: the demo keeps its idle groups for whoever opens it next.
  await w.page.locator(selectors.dialogButton).filter({ hasText: 'Cancel' }).first().click();

  await w.page.keyboard.press('Control+P');
  await w.page.locator(selectors.quickInputBox).fill('consumer.py');
  await w.pickQuickInput('consumer.py');
  await w.page.locator('.squiggly-error, .squiggly-warning').first().waitFor({ timeout: 30_000 });
  await w.runCommand('Event Broker: Check Client Settings');
  await w.page.locator('.markers-panel .monaco-list-row').first().waitFor({ timeout: 30_000 });
  await shot('settings-warning');
  return files;
}

if (require.main === module) {
  const [url, dir = path.join(repoRoot, 'docs', 'screenshots')] = process.argv.slice(2);
  if (!url) {
    console.error('usage: node out/test/demo/demoWindow.js <demo URL> [<dir>]');
    process.exit(2);
  }
  void (async () => {
    const w = await DemoWindow.open(url);
    try {
      for (const f of await screenshotTour(w, dir)) console.log(f);
    } catch (e) {
      await w.screenshot(path.join(dir, 'failed.png')).catch(() => undefined);
      throw e;
    } finally {
      await w.close();
    }
  })().catch((e: Error) => {
    console.error(e.message);
    process.exit(1);
  });
}
