// Which scanner reads a file. Decided by the editor's language id when it names one we know (the
// user may have picked a language for an untitled or oddly named file), else by the file extension.

export type Dialect = 'properties' | 'python' | 'javascript' | 'java' | 'json' | 'yaml';

const dialectByLanguageId: Readonly<Record<string, Dialect>> = {
  properties: 'properties',
  'spring-boot-properties': 'properties',
  ini: 'properties',
  python: 'python',
  javascript: 'javascript',
  javascriptreact: 'javascript',
  typescript: 'javascript',
  typescriptreact: 'javascript',
  java: 'java',
  kotlin: 'java',
  json: 'json',
  jsonc: 'json',
  yaml: 'yaml',
  'spring-boot-properties-yaml': 'yaml',
};

const dialectByExtension: Readonly<Record<string, Dialect>> = {
  properties: 'properties',
  conf: 'properties',
  cfg: 'properties',
  py: 'python',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'javascript',
  mts: 'javascript',
  cts: 'javascript',
  tsx: 'javascript',
  java: 'java',
  // Kotlin configures clients with the same put calls and constants as Java.
  kt: 'java',
  kts: 'java',
  json: 'json',
  jsonc: 'json',
  yaml: 'yaml',
  yml: 'yaml',
};

/** The files dialectForFile knows by their extension, in words (ebx lint's help and its refusal of any other file). */
export const SUPPORTED_FILES =
  'Java properties (.properties, .conf, .cfg), Python (.py), JavaScript/TypeScript (.js, .mjs, .cjs, .jsx, .ts, .mts, .cts, .tsx), ' +
  'Java/Kotlin (.java, .kt, .kts), JSON (.json, .jsonc) and YAML (.yaml, .yml)';

export function dialectForFile(fileName: string, languageId?: string): Dialect | undefined {
  const baseName = fileName.replace(/^.*[\\/]/, '').toLowerCase();
  // Declaration files only describe types; their `rackId: string` members are not settings.
  if (/\.d\.[mc]?ts$/.test(baseName)) return undefined;
  if (languageId !== undefined && Object.hasOwn(dialectByLanguageId, languageId)) return dialectByLanguageId[languageId];
  const dot = baseName.lastIndexOf('.');
  if (dot < 0) return undefined;
  const extension = baseName.slice(dot + 1);
  return Object.hasOwn(dialectByExtension, extension) ? dialectByExtension[extension] : undefined;
}
