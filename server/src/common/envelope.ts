/** The management API's response envelope. */
export interface Envelope<T> {
  success: boolean;
  message: string;
  data?: T;
}

export function ok<T>(data: T, message = ''): Envelope<T> {
  return { success: true, message, data };
}

export function done(message = ''): Envelope<never> {
  return { success: true, message };
}

export function fail(message: string): Envelope<never> {
  return { success: false, message };
}
