import * as vscode from 'vscode';
import { TOOL_DEFINITIONS } from '../../core/tools/toolList';
import type { ConnectionStore } from '../connections/connectionStore';
import { BrokerLanguageModelTool } from './brokerLanguageModelTool';
import { extensionToolContext, type TreeSelection } from './extensionToolContext';
import type { RecordFormats } from '../formats/recordFormats';

/**
 * Registers every core tool with vscode.lm (package.json's contributes.languageModelTools declares
 * the same list; test/unit/tools/toolDrift.test.ts keeps them equal).
 */
export function registerLanguageModelTools(store: ConnectionStore, selection: TreeSelection, formats: RecordFormats): vscode.Disposable[] {
  const context = extensionToolContext(store, selection, formats);
  return TOOL_DEFINITIONS.map((definition) => vscode.lm.registerTool(definition.name, new BrokerLanguageModelTool(definition, context)));
}
