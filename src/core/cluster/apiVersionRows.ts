// A broker's API versions as the tree lists them: one row per request it accepts, by api key, and
// under the `vast` profile the requests VAST does not offer marked with what VAST does instead.
import type { ApiVersionRange } from '../clusterAccess';
import type { BrokerProfile } from '../model';
import type { KafkaSession } from '../session';
import { vastDifferenceOf, type VastSupport } from './vastApiDifferences';

export interface ApiVersionRow {
  apiKey: number;
  name: string;
  /** "v0–v13". */
  versions: string;
  /** Only under the `vast` profile, for a request VAST lacks or offers in part. */
  vast?: { support: VastSupport; headline: string; instead: string };
}

const HEADLINES: Record<VastSupport, string> = {
  none: 'VAST does not support this',
  partial: 'VAST supports this in part',
};

/** ApiVersions of one broker, within the session's timeout. */
export function readApiVersions(session: KafkaSession, nodeId: number): Promise<ApiVersionRange[]> {
  return session.withinTimeout(`asking broker ${nodeId} for its API versions`, () => session.cluster().apiVersions(nodeId));
}

export function apiVersionRows(ranges: readonly ApiVersionRange[], profile: BrokerProfile): ApiVersionRow[] {
  return [...ranges]
    .sort((a, b) => a.apiKey - b.apiKey)
    .map((r) => {
      const row: ApiVersionRow = { apiKey: r.apiKey, name: r.name, versions: `v${r.minVersion}–v${r.maxVersion}` };
      const difference = profile === 'vast' ? vastDifferenceOf(r.apiKey) : undefined;
      if (difference) row.vast = { support: difference.support, headline: HEADLINES[difference.support], instead: difference.instead };
      return row;
    });
}
