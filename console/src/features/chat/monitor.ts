// The monitor page's decision (spec §2.14, §8): enabled, configured, and a valid web address.
import type { ConsoleStatus } from '../../api/status';

export type MonitorState = { kind: 'ready'; url: string } | { kind: 'disabled' } | { kind: 'missing' } | { kind: 'invalid' };

export function monitorState(status: ConsoleStatus): MonitorState {
  if (status.MonitorLinkEnabled !== true) return { kind: 'disabled' };
  const link = typeof status.MonitorLink === 'string' ? status.MonitorLink.trim() : '';
  if (link === '') return { kind: 'missing' };
  try {
    const url = new URL(link);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'invalid' };
    return { kind: 'ready', url: url.href };
  } catch {
    return { kind: 'invalid' };
  }
}
