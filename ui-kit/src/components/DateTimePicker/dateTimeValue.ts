// Conversions between Date values and the native date/time inputs' local-time strings.
// Native inputs have no time zone: the strings are local wall-clock time, so we build and
// read them with the local getters, never through toISOString (which is UTC).

export type DateTimePrecision = 'date' | 'minute' | 'second';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

export function inputType(precision: DateTimePrecision): 'date' | 'datetime-local' {
  return precision === 'date' ? 'date' : 'datetime-local';
}

/** The `step` attribute: seconds only appear when asked for. */
export function inputStep(precision: DateTimePrecision): number | undefined {
  return precision === 'second' ? 1 : undefined;
}

/** Local 'YYYY-MM-DD', 'YYYY-MM-DDTHH:mm' or 'YYYY-MM-DDTHH:mm:ss'; '' for no date. */
export function toInputValue(date: Date | null | undefined, precision: DateTimePrecision): string {
  if (!date || Number.isNaN(date.getTime())) return '';
  const day = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  if (precision === 'date') return day;
  const minutes = `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return precision === 'second' ? `${minutes}:${pad(date.getSeconds())}` : minutes;
}

const INPUT_RE = /^(\d{4,})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/** Parses a native input value as local time; null for '' or anything malformed. */
export function fromInputValue(value: string): Date | null {
  const m = INPUT_RE.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  // Reject rollovers such as 2025-02-30 becoming 2 March.
  if (date.getFullYear() !== Number(y) || date.getMonth() !== Number(mo) - 1 || date.getDate() !== Number(d)) {
    return null;
  }
  return date;
}

/** Drops what the precision does not show, so comparisons match what the user sees. */
export function truncate(date: Date, precision: DateTimePrecision): Date {
  const copy = new Date(date.getTime());
  if (precision === 'date') copy.setHours(0, 0, 0, 0);
  else if (precision === 'minute') copy.setSeconds(0, 0);
  else copy.setMilliseconds(0);
  return copy;
}
