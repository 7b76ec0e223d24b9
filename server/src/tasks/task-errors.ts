import { DomainError } from '../common/domain-error';

/**
 * A refusal of the Midjourney relay, answered in midjourney-proxy's shape:
 * `{code, description, type, result}` (code 4 for the gateway's own refusals).
 */
export class MjError extends DomainError {
  constructor(
    readonly mjCode: number,
    description: string,
    status = 400,
  ) {
    super('mj_error', null, status, {}, {}, description);
  }
}

/** A refusal of the Suno relay, answered in Suno-API's task shape: `{code, message, data}`. */
export class SunoError extends DomainError {
  constructor(
    code: string,
    message: string,
    status = 400,
  ) {
    super(code, null, status, {}, {}, message);
  }
}
