import { RequestError } from '../common/domain-error';

export class TokensError extends RequestError {}
