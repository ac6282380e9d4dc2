// Tier 3 harness: the packaged extension installed into code-server, driven in Debian's Chromium
// through playwright-core, the way a person would use it.
//
//   const wb = await Workbench.open({ env: { KAFKA_BOOTSTRAP } });
//   await wb.openView('Event Broker');  await wb.expandRow('orders');  await wb.screenshot('tree');
//   await wb.close();
//
// Packaging: the .vsix of `npm run package` (scripts/vsix.mjs) then `code-server --install-extension
// <vsix>`; either failing fails the test. `install: 'unpacked'` copies package.json, dist/ and media/
// to <extensions-dir>/<publisher>.<name>-<version>/ instead, which code-server also loads.
// The VSIX is built once per process and reused by every Workbench.open().
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { artifactsDir, codeServerScript, launchChromium, makeWorkspace, quietWorkbenchSettings, repoRoot, saveLogs, type CodeServer } from './codeServer';

/** Every DOM selector the e2e tests depend on (VS Code 1.100 workbench). */
export const selectors = {
  workbench: '.monaco-workbench',
  activityBarEntry: (title: string) => `.activitybar a[aria-label^="${title}"]`,
  sidebar: '.part.sidebar',
  panel: '.part.panel',
  /** A view (pane) inside the sidebar, by its title. */
  viewPane: (title: string) => `.pane:has(> .pane-header[aria-label^="${title}"])`,
  listRow: '.monaco-list-row',
  quickInput: '.quick-input-widget',
  quickInputBox: '.quick-input-widget .quick-input-box input',
  quickInputRow: '.quick-input-widget .quick-input-list .monaco-list-row',
  dialog: '.monaco-dialog-box',
  dialogButton: '.monaco-dialog-box .dialog-buttons .monaco-button',
  outputView: '.part.panel .output-view',
  editorLines: '.view-lines .view-line',
  notification: '.notifications-toasts .notification-toast',
  hover: '.workbench-hover-container',
} as const;

export const EXTENSION_ID = 'event-broker-explorer.event-broker-explorer';
const log = (msg: string): void => void process.stderr.write(`[e2e] ${msg}\n`);

interface Manifest { name: string; publisher: string; version: string }
const manifest = (): Manifest => JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as Manifest;

let vsixPromise: Promise<string> | undefined;

/** The .vsix `npm run package` makes (scripts/vsix.mjs), once per process; throws when packaging fails. */
function packageVsix(): Promise<string> {
  // A promise (packaging runs once per process) over synchronous work: vsce runs as a child process.
  vsixPromise ??= Promise.resolve().then(() => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ebx-vsix-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const out = path.join(dir, 'ebx.vsix');
    const started = Date.now();
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'scripts', 'vsix.mjs'), '--out', out], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 240_000 });
    // The e2e tier tests the package users install: a package that cannot be made is a failure, not a reason to load the folder instead.
    if (r.status !== 0 || !fs.existsSync(out)) throw new Error(`packaging the .vsix failed: ${(r.stderr || r.stdout || String(r.error)).trim()}`);
    log(`packaged ${out} in ${Date.now() - started} ms`);
    return out;
  });
  return vsixPromise;
}

function installUnpacked(extensionsDir: string): void {
  const m = manifest();
  const dest = path.join(extensionsDir, `${m.publisher}.${m.name}-${m.version}`);
  fs.mkdirSync(dest, { recursive: true });
  for (const entry of ['package.json', 'dist', 'media', 'README.md', 'LICENSE', 'CHANGELOG.md', 'package.nls.json']) {
    const src = path.join(repoRoot, entry);
    if (fs.existsSync(src)) fs.cpSync(src, path.join(dest, entry), { recursive: true });
  }
}

async function installExtension(codeServerBin: string, configFile: string, extensionsDir: string, userDataDir: string, mode: 'vsix' | 'unpacked'): Promise<string> {
  const vsix = mode === 'vsix' ? await packageVsix() : undefined;
  if (vsix) {
    const args = ['--config', configFile, '--extensions-dir', extensionsDir, '--user-data-dir', userDataDir, '--install-extension', vsix];
    const r = spawnSync(codeServerBin, args, { encoding: 'utf8', timeout: 120_000 });
    if (r.status !== 0) throw new Error(`code-server --install-extension failed (${r.status}): ${(r.stderr || r.stdout).trim()}`);
    return `vsix ${vsix}`;
  }
  installUnpacked(extensionsDir);
  return 'unpacked';
}

export interface OpenOptions {
  /** Extra environment for code-server and so for the extension host (KAFKA_BOOTSTRAP, ...). */
  env?: Record<string, string | undefined>;
  /** Merged over the quiet defaults into the fresh profile's settings.json. */
  settings?: Record<string, unknown>;
  /** 'vsix' (default): vsce package + --install-extension, falling back to unpacked. */
  install?: 'vsix' | 'unpacked';
  viewport?: { width: number; height: number };
  /** An extension folder loaded beside the installed one as a development extension (the exports probe). */
  developmentExtension?: string;
}

/**
 * Drives a VS Code workbench page the way a person would (clicks, the palette, quick inputs,
 * modals, the output panel). Every selector comes from `selectors`. `Workbench` opens its own
 * code-server; the demo test attaches one to the demo's (test/demo/demoWindow.ts).
 */
export class WorkbenchPage {
  constructor(readonly page: Page) {}

  /** Clicks the activity-bar entry whose title starts with `title` and waits for its sidebar. */
  async openView(title: string): Promise<void> {
    const entry = this.page.locator(selectors.activityBarEntry(title)).first();
    await entry.waitFor({ timeout: 30_000 });
    // Clicking an already selected entry collapses the sidebar, so only click when it is not shown.
    const checked = await entry.evaluate((a) => a.closest('li')?.classList.contains('checked') ?? false);
    if (!checked) await entry.click();
    await this.page.locator(selectors.sidebar).waitFor({ state: 'visible' });
  }

  private rows(view?: string): Locator {
    const scope = view ? this.page.locator(selectors.sidebar).locator(selectors.viewPane(view)) : this.page.locator(selectors.sidebar);
    return scope.locator(selectors.listRow);
  }

  /** Texts of the visible tree rows in the sidebar (or in one view of it). */
  async treeRows(view?: string): Promise<string[]> {
    return (await this.rows(view).allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  }

  /** Waits for a tree row whose text contains `label`. */
  async waitForRow(label: string, view?: string, timeout = 30_000): Promise<Locator> {
    const row = this.rows(view).filter({ hasText: label }).first();
    await row.waitFor({ timeout });
    return row;
  }

  /** Waits until no row contains `label` (a row that shows its own loading state, say, has its answer). */
  async waitForNoRow(label: string, view?: string, timeout = 30_000): Promise<void> {
    await this.rows(view).filter({ hasText: label }).first().waitFor({ state: 'hidden', timeout });
  }

  /** Expands the first row containing `label` (no-op if it is already expanded). */
  async expandRow(label: string, view?: string): Promise<void> {
    const row = await this.waitForRow(label, view);
    if ((await row.getAttribute('aria-expanded')) === 'false') await row.click();
    await this.page.waitForFunction((el) => el?.getAttribute('aria-expanded') !== 'false', await row.elementHandle(), { timeout: 30_000 });
  }

  /** Runs a command by its palette title (F1, type, Enter on the matching entry). */
  async runCommand(title: string): Promise<void> {
    await this.openQuickInput('F1');
    await this.page.locator(selectors.quickInputBox).fill(`>${title}`);
    const row = this.page.locator(selectors.quickInputRow).filter({ hasText: title }).first();
    await row.waitFor({ timeout: 15_000 });
    await row.click();
  }

  /** Opens a workspace file by name through Quick Open (Ctrl+P, type, the matching entry). */
  async openFile(name: string): Promise<void> {
    await this.openQuickInput('Control+P');
    await this.page.locator(selectors.quickInputBox).fill(name);
    await this.pickQuickInput(name);
  }

  /** Presses `key` with the window (not a webview) focused until the quick input shows. */
  private async openQuickInput(key: string): Promise<void> {
    const box = this.page.locator(selectors.quickInputBox);
    for (let attempt = 1; ; attempt++) {
      await this.page.locator(selectors.workbench).click({ position: { x: 700, y: 5 } }); // focus the window, not a webview
      await this.page.keyboard.press(key);
      try {
        await box.waitFor({ state: 'visible', timeout: 10_000 });
        return;
      } catch (err) {
        // A webview that has the focus (a Markdown preview, as it loads or after it) swallows the
        // key, as it would a person's: press it again, as a person would.
        if (attempt >= 3) throw err;
      }
    }
  }

  /** Types `text` into the open quick input (input box or quick pick) and accepts it. */
  async answerQuickInput(text: string): Promise<void> {
    const box = this.page.locator(selectors.quickInputBox);
    await box.waitFor({ state: 'visible', timeout: 30_000 });
    await box.fill(text);
    const prompt = await this.quickInputPrompt();
    await box.press('Enter');
    await this.promptMovedOn(prompt);
  }

  /** What identifies the open quick input: its box's value and placeholder, its message and title ('' when none is open). Read at once, never waiting. */
  private quickInputPrompt(): Promise<string> {
    return this.page.evaluate(
      ({ widget, input }) => {
        // (The test code is compiled without the DOM's types: the few used here, declared.)
        interface Element {
          textContent: string | null;
          querySelector(selector: string): Element | null;
        }
        const page = globalThis as unknown as { document: { querySelector(selector: string): (Element & { value?: string; placeholder?: string }) | null } };
        const box = page.document.querySelector(input);
        const root = page.document.querySelector(widget);
        if (!box || !root) return '';
        const text = (selector: string) => root.querySelector(selector)?.textContent ?? '';
        return [box.value ?? '', box.placeholder ?? '', text('.quick-input-message'), text('.quick-input-title')].join('\u0000');
      },
      { widget: selectors.quickInput, input: selectors.quickInputBox },
    );
  }

  /**
   * Waits (at most a few seconds, never failing) until the quick input that was answered is gone or
   * shows another prompt. VS Code reuses one quick-input widget for a command's prompts: the next
   * answer, given while the answered prompt is still closing, went into it and was lost, and the
   * command then waited for an answer that never came (once in CI, Search Records…).
   */
  private async promptMovedOn(answered: string): Promise<void> {
    const box = this.page.locator(selectors.quickInputBox);
    for (const deadline = Date.now() + 3_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
      if (!(await box.isVisible())) return;
      if ((await this.quickInputPrompt()) !== answered) return;
    }
  }

  /**
   * Types `text` into the open quick pick and picks the entry that matches it once the list has
   * filtered (pressing Enter right after typing can take the first entry of the unfiltered list).
   */
  async typeAndPick(text: string): Promise<void> {
    const box = this.page.locator(selectors.quickInputBox);
    await box.waitFor({ state: 'visible', timeout: 30_000 });
    await box.fill(text);
    await this.pickQuickInput(text);
  }

  /** Picks the quick-pick entry whose text contains `label`. */
  async pickQuickInput(label: string): Promise<void> {
    const rows = this.page.locator(selectors.quickInputRow);
    const containing = rows.filter({ hasText: label });
    await containing.first().waitFor({ timeout: 30_000 });
    const exact = rows.filter({ hasText: new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) });
    const prompt = await this.quickInputPrompt();
    await ((await exact.count()) > 0 ? exact : containing).first().click();
    await this.promptMovedOn(prompt);
  }

  /**
   * Right-clicks `row` and clicks the context-menu item containing `label`. A click that comes as
   * the menu opens can be ignored by VS Code (the menu stayed open: twice in a local run of the
   * e2e tier), so the pointer rests on the item first, and a menu still open after the click is
   * closed and opened again (at most three times).
   */
  async contextMenu(row: Locator, label: string): Promise<void> {
    const item = this.page.locator('.monaco-menu .action-item').filter({ hasText: label }).first();
    for (let attempt = 1; ; attempt++) {
      await row.click({ button: 'right' });
      try {
        // A row redrawn under the click (its lag arriving) closes the menu it opened: open it again.
        await item.waitFor({ timeout: 10_000 });
      } catch (err) {
        if (attempt >= 3) throw err;
        await this.page.keyboard.press('Escape');
        continue;
      }
      await item.hover();
      await new Promise((r) => setTimeout(r, 300));
      await item.click();
      try {
        await item.waitFor({ state: 'hidden', timeout: 3_000 });
        return;
      } catch (err) {
        if (attempt >= 3) throw err;
        await this.page.keyboard.press('Escape');
      }
    }
  }

  /** Waits until the open quick pick lists an entry containing `label`. */
  async waitForRowInQuickPick(label: string): Promise<void> {
    await this.page.locator(selectors.quickInputRow).filter({ hasText: label }).first().waitFor({ timeout: 30_000 });
  }

  /** Clicks a button of the open modal dialog. */
  async modalButton(label: string): Promise<void> {
    const button = this.page.locator(selectors.dialogButton).filter({ hasText: label }).first();
    await button.waitFor({ timeout: 30_000 });
    await button.click();
  }

  /** Escape on the modal on screen, then waits until it is gone. */
  async escapeModal(): Promise<void> {
    const dialog = this.page.locator(selectors.dialog);
    await dialog.waitFor({ timeout: 30_000 });
    await this.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
  }

  /** The modal's buttons as shown, left to right, and the one that has the keyboard focus. */
  async modalButtons(): Promise<{ labels: string[]; focused: string | undefined }> {
    const buttons = this.page.locator(selectors.dialogButton);
    await buttons.first().waitFor({ timeout: 30_000 });
    const labels = (await buttons.allInnerTexts()).map((t) => t.trim());
    const focused = await this.page.evaluate((sel) => {
      const page = globalThis as unknown as { document: { activeElement: unknown; querySelectorAll(selector: string): Iterable<{ textContent: string | null }> } };
      return [...page.document.querySelectorAll(sel)].find((b) => b === page.document.activeElement)?.textContent?.trim();
    }, selectors.dialogButton);
    return { labels, focused };
  }

  /** Text of the modal dialog on screen (the message and its detail). */
  async modalText(): Promise<string> {
    const dialog = this.page.locator(selectors.dialog);
    await dialog.waitFor({ timeout: 30_000 });
    return dialog.innerText();
  }

  /**
   * Visible text of the Output panel, optionally after switching to `channel`. Monaco renders only
   * the lines on screen, so long output needs scrolling or a file; the tail is what is visible.
   */
  async outputPanelText(channel?: string): Promise<string> {
    if (channel) {
      await this.runCommand('Output: Show Output Channels...');
      await this.pickQuickInput(channel);
    } else if (!(await this.page.locator(selectors.outputView).isVisible())) {
      await this.runCommand('View: Toggle Output');
    }
    const lines = this.page.locator(selectors.outputView).locator(selectors.editorLines);
    await this.page.locator(selectors.outputView).waitFor({ state: 'visible' });
    const tops = await lines.evaluateAll((els) =>
      els.map((e) => ({ top: parseFloat((e as unknown as { style: { top: string } }).style.top || '0'), text: (e.textContent ?? '').replace(/\u00a0/g, ' ') })),
    );
    return tops.sort((a, b) => a.top - b.top).map((l) => l.text).join('\n');
  }

  /** Texts of the notification toasts on screen. */
  async notifications(): Promise<string[]> {
    return this.page.locator(selectors.notification).allInnerTexts();
  }

  /** Saves a picture of the window (no hover tooltip over it) and returns the file. */
  async screenshotTo(file: string): Promise<string> {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await this.page.mouse.move(700, 450);
    await this.page.locator(selectors.hover).first().waitFor({ state: 'hidden', timeout: 3000 }).catch(() => undefined);
    await this.page.screenshot({ path: file });
    return file;
  }
}

export class Workbench extends WorkbenchPage {
  private constructor(
    page: Page,
    private readonly browser: Browser,
    private readonly server: CodeServer,
    private readonly tmp: string,
    readonly workspace: string,
    /** How the extension got installed: 'vsix <path>' or 'unpacked'. */
    readonly installedAs: string,
    /** Milliseconds: code-server start, page load until .monaco-workbench. */
    readonly timings: { codeServerStartMs: number; workbenchMs: number },
  ) {
    super(page);
  }

  static async open(options: OpenOptions = {}): Promise<Workbench> {
    if (!fs.existsSync(path.join(repoRoot, 'dist', 'extension.js'))) throw new Error('dist/extension.js is missing: run `npm run build`');
    const script = await codeServerScript();
    const bin = script.ensureCodeServer();
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ebx-e2e-'));
    const extensionsDir = path.join(tmp, 'extensions');
    const userDataDir = path.join(tmp, 'user-data');
    const workspace = makeWorkspace(tmp);
    fs.mkdirSync(userDataDir, { recursive: true });
    const installedAs = await installExtension(bin, script.quietConfig(userDataDir), extensionsDir, userDataDir, options.install ?? 'vsix');
    const server = await script.startCodeServer({
      extensionsDir,
      userDataDir,
      env: options.env,
      settings: { ...quietWorkbenchSettings, ...options.settings },
    });
    let browser: Browser | undefined;
    try {
      browser = await launchChromium();
      const page = await browser.newPage({ viewport: options.viewport ?? { width: 1400, height: 900 } });
      const started = Date.now();
      const payload = options.developmentExtension ? [['extensionDevelopmentPath', `vscode-remote://127.0.0.1:${server.port}${options.developmentExtension}`]] : undefined;
      await page.goto(`${server.url}/?folder=${encodeURIComponent(workspace)}${payload ? `&payload=${encodeURIComponent(JSON.stringify(payload))}` : ''}`);
      await page.locator(selectors.workbench).waitFor({ timeout: 60_000 });
      return new Workbench(page, browser, server, tmp, workspace, installedAs, { codeServerStartMs: server.startMs, workbenchMs: Date.now() - started });
    } catch (err) {
      await browser?.close().catch(() => undefined);
      await server.stop();
      saveLogs(server, userDataDir, artifactsDir('e2e'));
      throw err;
    }
  }

  /** Saves test-artifacts/e2e/<name>.png and returns its path. */
  async screenshot(name: string): Promise<string> {
    return this.screenshotTo(path.join(artifactsDir('e2e'), `${name}.png`));
  }

  /** Stops everything; `finalScreenshot` names a last picture of the window (useful after a failure). */
  async close(finalScreenshot?: string): Promise<void> {
    if (finalScreenshot) await this.screenshot(finalScreenshot).catch(() => undefined);
    await this.browser.close().catch(() => undefined);
    await this.server.stop();
    saveLogs(this.server, path.join(this.tmp, 'user-data'), artifactsDir('e2e'));
    fs.rmSync(this.tmp, { recursive: true, force: true });
  }
}

/** Polls `probe` until it returns something other than undefined, or fails naming `what`. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
