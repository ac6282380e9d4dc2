// What ebx lint does (commands/lint.ts declares it): client settings VAST Event Broker ignores or
// refuses, reported like a compiler. Loaded only for lint, with the scanners and their YAML and JSON
// parsers: `ebx --help` stays quick.
import type { Command } from 'commander';
import { isUtf8 } from 'node:buffer';
import { UsageError } from '../../core/errors';
import { FILE_KINDS, readBoundedFile } from '../../core/files/readBoundedFile';
import { dialectForFile, SUPPORTED_FILES, type Dialect } from '../../core/settings/dialects';
import { findUnsupportedSettings } from '../../core/settings/findUnsupportedSettings';
import type { SettingFinding } from '../../core/settings/settingFinding';
import { escapeForTerminal } from '../../core/rendering/terminalText';
import { counted } from '../../core/counted';
import { EXIT_FAILURE } from '../failure';
import { globalsOf } from '../globalOptions';
import { printJson, writeOut } from '../output';

interface FileToLint {
  file: string;
  dialect: Dialect;
}

export async function lintCommand(files: string[], command: Command): Promise<void> {
  const globals = globalsOf(command);
  const findings: ReturnType<typeof findingJson>[] = [];
  let linted = 0;
  // Every name is checked before anything is printed: a typo fails fast and alone.
  const plan = files.map(toLint).filter((f): f is FileToLint => f !== undefined);
  for (const { file, dialect } of plan) {
    const text = readText(file);
    if (text === undefined) continue;
    linted++;
    for (const finding of findUnsupportedSettings(text, dialect, globals.profile)) findings.push(findingJson(file, finding));
  }
  if (globals.json) await printJson(findings);
  else await writeOut(findingsText(findings, linted));
  if (findings.length > 0) process.exitCode = EXIT_FAILURE;
}

function toLint(file: string): FileToLint | undefined {
  if (/\.d\.[cm]?ts$/i.test(file)) {
    note(`skipping ${file}: declaration files carry no settings`);
    return undefined;
  }
  const dialect = dialectForFile(file);
  if (!dialect) throw new UsageError(`${file}: lint does not know this kind of file; it reads ${SUPPORTED_FILES}.`);
  return { file, dialect };
}

/** The file's text, or undefined (with a note) for a binary file. Unreadable files are usage errors. */
function readText(file: string): string | undefined {
  // A FIFO, a device, a folder or a file over the cap is one sentence (a usage error), never a hang.
  const bytes = readBoundedFile(file, FILE_KINDS.settings);
  if (bytes.subarray(0, 8192).includes(0)) {
    note(`skipping ${file}: binary file`);
    return undefined;
  }
  // Decoding never fails: bytes that are not UTF-8 become U+FFFD, and settings (ASCII) are still found.
  if (!isUtf8(bytes)) note(`${file} is not UTF-8: invalid bytes are read as U+FFFD (settings names are still found)`);
  const text = bytes.toString('utf8');
  // A byte-order mark is not part of the first line's text: columns would be off by one.
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function findingJson(file: string, f: SettingFinding) {
  return {
    file,
    line: f.line,
    column: f.column,
    endLine: f.endLine,
    endColumn: f.endColumn,
    setting: f.setting,
    value: f.value,
    severity: f.severity,
    message: f.message,
    fix: f.fix?.title ?? null,
  };
}

function findingsText(findings: ReturnType<typeof findingJson>[], files: number): string {
  const lines = findings.map(
    (f) =>
      escapeForTerminal(`${f.file}:${f.line}:${f.column} ${f.severity} ${f.setting}=${f.value} — ${f.message}${f.fix ? ` (fix: ${f.fix})` : ''}`),
  );
  const filesText = counted(files, 'file');
  lines.push(findings.length === 0 ? `no unsupported settings in ${filesText}` : `${counted(findings.length, 'finding')} in ${filesText}`);
  return `${lines.join('\n')}\n`;
}

function note(text: string): void {
  process.stderr.write(`ebx: ${escapeForTerminal(text)}\n`);
}
