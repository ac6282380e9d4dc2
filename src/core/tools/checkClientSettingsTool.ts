import { dialectForFile } from '../settings/dialects';
import { findUnsupportedSettings } from '../settings/findUnsupportedSettings';
import { UsageError } from '../errors';
import { defineTool } from './toolDefinition';
import { text } from './toolInput';
import { counted } from '../counted';

const KNOWN_FILES = '.properties/.conf/.cfg, Python, JavaScript/TypeScript, Java/Kotlin, JSON and YAML';
/** Findings listed one by one up to here. */
const FINDING_LIMIT = 100;

export const checkClientSettingsTool = defineTool({
  name: 'ebx_checkClientSettings',
  displayName: 'Check Client Settings',
  toolReferenceName: 'brokerClientSettings',
  userDescription: 'Finds Kafka client settings in a file that VAST Event Broker ignores or refuses (the same rules as the editor warnings).',
  modelDescription:
    'Checks the Kafka client settings in one file against the broker\'s rules — the same rules as the editor\'s diagnostics and `ebx lint`: settings VAST Event Broker ' +
    'ignores (group.instance.id, isolation.level=read_uncommitted, fetch.wait.max.ms, fetch.min.bytes, client.rack) or refuses (cooperative-sticky, group.protocol=consumer, ' +
    'idempotence, transactions, compression, auto topic creation, messages above 1 MB). Returns one line per finding: line:column, severity, setting=value, what happens, and the fix. ' +
    `Give "path" (a file in the workspace, relative or absolute) or "text" with "fileName" (whose extension picks the language). Reads ${KNOWN_FILES}. ` +
    'Use it for "what is wrong with this consumer config?"; it needs no broker.',
  input: {
    path: text('The file to check (relative to the workspace, or absolute).').optional(),
    text: text('File contents to check instead of reading a file; needs fileName.').optional(),
    fileName: text('With text: a name whose extension says the language, e.g. consumer.properties or app.py.').optional(),
  },
  changes: false,
  async run(context, input) {
    const { path, text } = input;
    if ((path === undefined) === (text === undefined)) throw new UsageError('Give either "path" (a file to read) or "text" with "fileName".');
    const file = path !== undefined ? await context.readTextFile(path) : { name: input.fileName ?? '', text: text! };
    if (file.name.trim() === '') throw new UsageError('"fileName" is required with "text": its extension says which language the text is.');
    const dialect = dialectForFile(file.name);
    if (!dialect) throw new UsageError(`${file.name}: the check does not know this kind of file; it reads ${KNOWN_FILES}.`);
    const findings = findUnsupportedSettings(file.text, dialect, context.profile);
    const broker = context.profile === 'vast' ? 'VAST Event Broker' : 'the broker (kafka profile)';
    if (findings.length === 0) return `No client settings in ${file.name} that ${broker} ignores or refuses.`;
    const lines = findings
      .slice(0, FINDING_LIMIT)
      .map((f) => `${file.name}:${f.line}:${f.column} ${f.severity} ${f.setting}=${f.value} — ${f.message}${f.fix ? ` Fix: ${f.fix.title}.` : ''}`);
    const more = findings.length > FINDING_LIMIT ? `\n… and ${findings.length - FINDING_LIMIT} more.` : '';
    return `${counted(findings.length, 'client setting')} in ${file.name} that ${broker} ignores or refuses:\n${lines.join('\n')}${more}`;
  },
});
