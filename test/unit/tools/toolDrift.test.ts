// The tool list exists once, in core (src/core/tools/toolList.ts), each tool's input once, as its
// zod schema. package.json's contributes.languageModelTools (the static manifest VS Code reads, and
// what the model sees) and `ebx mcp`'s tools/list (mcpToolOf) must say exactly the same: names,
// descriptions, and the JSON Schema generated from the zod schema (toolJsonSchema).
// (test/cli/mcp.test.ts checks the running server's answer against package.json too, and
// test/extension-host/tools.test.ts what VS Code registered.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOOL_DEFINITIONS, toolsOffered } from '../../../src/core/tools/toolList';
import { mcpToolOf } from '../../../src/cli/actions/mcp';
import { toolJsonSchema } from '../../../src/core/tools/toolJsonSchema';

interface ContributedTool {
  name: string;
  displayName: string;
  toolReferenceName: string;
  canBeReferencedInPrompt: boolean;
  userDescription: string;
  modelDescription: string;
  inputSchema: unknown;
  tags: string[];
  when?: string;
}

const manifest = JSON.parse(readFileSync(join(__dirname, '../../../../package.json'), 'utf8')) as { contributes: { languageModelTools: ContributedTool[] } };
const contributed = manifest.contributes.languageModelTools;

test('package.json declares exactly the core tools, in order, with the same texts and schemas', () => {
  assert.deepEqual(contributed.map((t) => t.name), TOOL_DEFINITIONS.map((t) => t.name));
  for (const tool of TOOL_DEFINITIONS) {
    const declared = contributed.find((t) => t.name === tool.name)!;
    assert.equal(declared.displayName, tool.displayName, tool.name);
    assert.equal(declared.toolReferenceName, tool.toolReferenceName, tool.name);
    assert.equal(declared.userDescription, tool.userDescription, tool.name);
    assert.equal(declared.modelDescription, tool.modelDescription, tool.name);
    const expected = toolJsonSchema(tool.input);
    assert.deepEqual(declared.inputSchema, expected, `${tool.name}: package.json's inputSchema is not the one its zod schema generates, which is:\n${JSON.stringify(expected, null, 2)}\n`);
    assert.equal(declared.canBeReferencedInPrompt, true, tool.name);
    assert.equal(declared.tags.includes('changesBroker'), tool.changes, `${tool.name}: the changesBroker tag says whether it changes the broker`);
    // A changing tool is not offered to the model when every connection is read-only (the context key the container sets).
    assert.equal(declared.when, tool.changes ? '!eventBroker.allConnectionsReadOnly' : undefined, tool.name);
  }
});

test('the MCP tools/list entries are the same definitions', () => {
  for (const tool of TOOL_DEFINITIONS) {
    const mcp = mcpToolOf(tool);
    const declared = contributed.find((t) => t.name === tool.name)!;
    assert.equal(mcp.name, declared.name);
    assert.equal(mcp.description, declared.modelDescription);
    assert.equal(mcp.title, declared.displayName);
    assert.deepEqual(mcp.inputSchema, declared.inputSchema);
    assert.equal(mcp.annotations.readOnlyHint, !tool.changes);
  }
});

const PLAIN_KEYWORDS = new Set(['type', 'description', 'properties', 'required', 'items', 'enum', 'minimum', 'maximum', 'minItems', 'maxItems', 'additionalProperties']);

/** Every keyword used anywhere in a schema (property names are not keywords). */
function keywordsOf(schema: object): string[] {
  const found = new Set<string>();
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    for (const [keyword, value] of Object.entries(node)) {
      found.add(keyword);
      if (keyword === 'properties') Object.values(value as object).forEach(visit);
      else if (keyword === 'items' || keyword === 'additionalProperties') visit(value);
    }
  };
  visit(schema);
  return [...found];
}

test('names and schemas are what VS Code and MCP accept', () => {
  for (const tool of TOOL_DEFINITIONS) {
    // VS Code: /^[\w-]+$/, not copilot_ or vscode_; MCP: the same characters are safe.
    assert.match(tool.name, /^ebx_[A-Za-z]+$/);
    assert.match(tool.toolReferenceName, /^[\w-]+$/);
    const schema = toolJsonSchema(tool.input);
    // A plain object schema, unknown fields refused, and only the keywords every client reads alike
    // (no $schema, $ref, anyOf or propertyNames, which some MCP clients and older VS Code builds do not take).
    assert.equal(schema.type, 'object', tool.name);
    assert.equal(schema.additionalProperties, false, tool.name);
    assert.deepEqual(keywordsOf(schema).filter((k) => !PLAIN_KEYWORDS.has(k)), [], tool.name);
    for (const required of schema.required ?? []) assert.ok(schema.properties[required], `${tool.name}: ${required} is required but not declared`);
    for (const [field, property] of Object.entries(schema.properties)) assert.ok('description' in property, `${tool.name}: "${field}" tells the model what it is`);
    assert.ok(tool.modelDescription.length > 120, `${tool.name}: the model needs more than a line to know when to use it`);
  }
  assert.equal(new Set(TOOL_DEFINITIONS.map((t) => t.toolReferenceName)).size, TOOL_DEFINITIONS.length, 'reference names are unique');
});

test('read-only offers exactly the tools that change nothing, and they are the six changing ones less', () => {
  const changing = TOOL_DEFINITIONS.filter((t) => t.changes).map((t) => t.name);
  assert.deepEqual(changing, ['ebx_deleteGroups', 'ebx_resetOffsets', 'ebx_produceRecord', 'ebx_createTopic', 'ebx_alterTopicConfig', 'ebx_deleteTopic']);
  for (const name of ['ebx_createTopic', 'ebx_alterTopicConfig', 'ebx_deleteTopic']) {
    assert.ok(!toolsOffered(true).some((t) => t.name === name), `${name} is not offered read-only`);
    assert.ok(toolsOffered(false).some((t) => t.name === name), `${name} is offered otherwise`);
  }
  assert.deepEqual(toolsOffered(true).map((t) => t.name), TOOL_DEFINITIONS.filter((t) => !t.changes).map((t) => t.name));
  assert.equal(toolsOffered(false).length, TOOL_DEFINITIONS.length);
  assert.ok(!JSON.stringify(contributed).toLowerCase().includes('"password"'), 'no tool takes or shows a password');
});
