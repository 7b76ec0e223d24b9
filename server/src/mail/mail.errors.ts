import { RequestError } from '../common/domain-error';

/** Mail cannot go out: SMTP not configured (400) or the server refused it (502). */
export class MailError extends RequestError {}
