import type { CanonicalRequest } from '../../wire/canonical/request';

/**
 * The client's request while another channel may still need it: until the answer's first byte a
 * failover rebuilds the upstream body from it. After that nothing reads it again; the stream's
 * readers keep only its view (`StreamView`). The frames that live as long as a stream (the
 * route, the relay, the failover, the attempt) hold this instead of the request, and the stream
 * pump lets the request go when it commits the answer, so that a long prompt (or an uploaded
 * file) is not kept for the whole stream.
 */
export class HeldRequest {
  readonly endpoint: CanonicalRequest['endpoint'];
  /** The public model name the client asked for. */
  readonly model: string;
  private held: CanonicalRequest | null;

  constructor(req: CanonicalRequest) {
    this.held = req;
    this.endpoint = req.endpoint;
    this.model = req.model;
  }

  /** The request; an error once it was let go (nothing may read it after the first byte). */
  get req(): CanonicalRequest {
    if (this.held === null) throw new Error('the request was let go when its answer was committed');
    return this.held;
  }

  get released(): boolean {
    return this.held === null;
  }

  /** The answer's first byte is out: no other channel will be tried. */
  release(): void {
    this.held = null;
  }
}
