// One operation's runs in the ceilings scenario, summed up: medians with their spread.
import { median, spread } from '../lib.mjs';

/** Medians (min–max) of the runs that succeeded; nothing when none did. */
export function summary(list) {
  if (list.length === 0) return {};
  const requests = list.every((r) => r.requests) ? list.map((r) => r.requests.total) : null;
  return {
    wallMs: spread(list.map((r) => r.wallMs), 0),
    cpuSeconds: list.every((r) => r.cpuSeconds !== null && r.cpuSeconds !== undefined) ? spread(list.map((r) => r.cpuSeconds), 2) : null,
    brokerCpuSeconds: list.every((r) => typeof r.brokerCpuSeconds === 'number') ? spread(list.map((r) => r.brokerCpuSeconds), 2) : null,
    rssMb: spread(list.map((r) => r.rssMb), 0),
    loadavg1: spread(list.map((r) => r.load), 2),
    requests: requests ? median(requests) : null,
    byApi: list.at(-1).requests?.byApi ?? null,
    largestFrames: list.at(-1).requests?.largest ?? null,
  };
}

