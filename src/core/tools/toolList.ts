// Every tool, in the order agents and the package.json list see them. The VS Code adapter, the
// manifest's languageModelTools and `ebx mcp` all come from this list (test/unit/tools/toolDrift).
import type { ToolDefinition } from './toolDefinition';
import { listConnectionsTool } from './listConnectionsTool';
import { listTopicsTool } from './listTopicsTool';
import { describeTopicTool } from './describeTopicTool';
import { listGroupsTool } from './listGroupsTool';
import { describeGroupTool } from './describeGroupTool';
import { readRecordsTool } from './readRecordsTool';
import { offsetsForTimeTool } from './offsetsForTimeTool';
import { checkClientSettingsTool } from './checkClientSettingsTool';
import { previewOffsetResetTool } from './previewOffsetResetTool';
import { deleteGroupsTool } from './deleteGroupsTool';
import { resetOffsetsTool } from './resetOffsetsTool';
import { produceRecordTool } from './produceRecordTool';
import { createTopicTool } from './createTopicTool';
import { alterTopicConfigTool } from './alterTopicConfigTool';
import { deleteTopicTool } from './deleteTopicTool';

export const TOOL_DEFINITIONS: readonly ToolDefinition[] = [
  listConnectionsTool,
  listTopicsTool,
  describeTopicTool,
  listGroupsTool,
  describeGroupTool,
  readRecordsTool,
  offsetsForTimeTool,
  checkClientSettingsTool,
  previewOffsetResetTool,
  deleteGroupsTool,
  resetOffsetsTool,
  produceRecordTool,
  createTopicTool,
  alterTopicConfigTool,
  deleteTopicTool,
];

/** The tools a session may offer: without the changing ones when it is read-only. */
export function toolsOffered(readOnly: boolean): ToolDefinition[] {
  return TOOL_DEFINITIONS.filter((t) => !readOnly || !t.changes);
}

export function toolNamed(name: string): ToolDefinition | undefined {
  return TOOL_DEFINITIONS.find((t) => t.name === name);
}
