import type { ApiData } from '@sluice/ui-kit';

// The status object (GET /api/status, the documented `Status` schema), read at start and cached in
// localStorage under 'status' (spec §3 "Status object"). Every field is optional: an older server
// may lack some.
export type ConsoleStatus = Partial<ApiData<'/api/status', 'get'>>;

const STATUS_KEY = 'status';

export function readStoredStatus(): ConsoleStatus {
  try {
    const raw = localStorage.getItem(STATUS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ConsoleStatus) : {};
  } catch {
    return {};
  }
}

export function storeStatus(status: ConsoleStatus): void {
  localStorage.setItem(STATUS_KEY, JSON.stringify(status));
}
