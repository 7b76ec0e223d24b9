import { RequestError } from '../common/domain-error';

export class OptionsError extends RequestError {}
