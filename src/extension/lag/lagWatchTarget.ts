/** Which group a watch is on: what the status-bar item passes to Watch Lag to reveal its panel. */
export interface LagWatchTarget {
  connectionId: string;
  groupId: string;
}

export function isLagWatchTarget(value: unknown): value is LagWatchTarget {
  const t = value as Partial<LagWatchTarget> | null;
  return typeof t === 'object' && t !== null && typeof t.connectionId === 'string' && typeof t.groupId === 'string';
}

export function watchKey(target: LagWatchTarget): string {
  return `${target.connectionId}\u0000${target.groupId}`;
}
