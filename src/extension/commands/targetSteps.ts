// The first step every command shares: what it works on. A row of the tree (a context-menu click,
// or the row selected when the palette runs it) says it; otherwise the person picks, connection
// first. A command that changes something names the change, and a read-only connection is refused
// before any further question — here, once, instead of in each command.
import { EbxError } from '../../core/errors';
import { listGroups } from '../../core/groups/listGroups';
import { refuseIfReadOnly } from '../../core/readOnly';
import { counted } from '../../core/counted';
import type { BrokerConnection } from '../connections/brokerConnection';
import { readSettings } from '../settings';
import { Cancelled } from '../runCommand';
import { GroupNode } from '../tree/groupNode';
import { TopicNode } from '../tree/topicNode';
import type { CommandContext } from './commandContext';
import { pickConnection, pickTopic } from './pickers';

export interface StepOptions {
  /** What the command will change ("deleting records"): a read-only connection is refused with it. */
  change?: string;
}

/** The connection a tree row belongs to (every row carries one), or undefined for anything else. */
export function connectionOfRow(node: unknown): BrokerConnection | undefined {
  if (typeof node !== 'object' || node === null || !('connection' in node)) return undefined;
  const { connection } = node as { connection: Partial<BrokerConnection> | null };
  return typeof connection?.id === 'string' ? (connection as BrokerConnection) : undefined;
}

/** The row's connection, or a pick (none asked when there is only one). */
export async function connectionStep(ctx: CommandContext, node: unknown, options: StepOptions = {}): Promise<BrokerConnection> {
  const connection = connectionOfRow(node) ?? (await pickConnection(ctx.store, ctx.prompter));
  if (options.change) refuseIfReadOnly(connection, options.change);
  return connection;
}

/** A topic row's topic, or connection and topic picked. `withoutInternal` leaves the broker's own topics out of the pick. */
export async function topicStep(
  ctx: CommandContext,
  node: unknown,
  title: string,
  options: StepOptions & { withoutInternal?: boolean; changeOfTopic?: (topic: string) => string } = {},
): Promise<{ connection: BrokerConnection; topic: string }> {
  if (node instanceof TopicNode) {
    // The row names the topic, so the refusal can too (`changeOfTopic`); a pick is refused before the topic is asked.
    const change = options.changeOfTopic?.(node.topic.name) ?? options.change;
    if (change) refuseIfReadOnly(node.connection, change);
    return { connection: node.connection, topic: node.topic.name };
  }
  const connection = await connectionStep(ctx, node, options);
  return { connection, topic: await pickTopic(await ctx.store.session(connection), ctx.prompter, title, options) };
}

/** A group row's group, or connection and group picked (`placeHolder` says which groups fit the command). */
export async function groupStep(
  ctx: CommandContext,
  node: unknown,
  title: string,
  options: StepOptions & { placeHolder?: string; noGroups?: (connection: BrokerConnection) => string } = {},
): Promise<{ connection: BrokerConnection; groupId: string }> {
  if (node instanceof GroupNode) {
    if (options.change) refuseIfReadOnly(node.connection, options.change);
    return { connection: node.connection, groupId: node.group.groupId };
  }
  const connection = await connectionStep(ctx, node, options);
  const { groups } = await listGroups(await ctx.store.session(connection), readSettings().brokerProfile);
  if (groups.length === 0) throw new EbxError(options.noGroups?.(connection) ?? `${connection.name} has no consumer groups yet.`);
  const groupId = await ctx.prompter.pickOne(
    groups.map((g) => ({ label: g.groupId, description: `${g.state} · ${counted(g.members, 'member')}`, value: g.groupId })),
    { title: `${title}: choose a consumer group`, placeHolder: options.placeHolder ?? 'Consumer group' },
  );
  if (!groupId) throw new Cancelled();
  return { connection, groupId };
}
