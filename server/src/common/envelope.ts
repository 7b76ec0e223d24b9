import type { ErrorCode } from './error-codes';

/** The management API's response envelope. */
export interface Envelope<T> {
  success: boolean;
  message: string;
  data?: T;
}

/** A refusal: the message in the caller's language, the stable code, the field at fault if any. */
export interface ErrorEnvelope {
  success: false;
  message: string;
  code: ErrorCode;
  field?: string;
}

export function ok<T>(data: T, message = ''): Envelope<T> {
  return { success: true, message, data };
}

export function done(message = ''): Envelope<never> {
  return { success: true, message };
}
