/**
 * What one relay request came to, recorded once per request at the end of `RelayService.serve`
 * (settled, refunded or refused). Metrics and model speed both read it; nothing else does.
 * Plain numbers and strings only: the hot path pays one small object and a few increments.
 */
export interface RelayOutcome {
  /** The model the client asked for ('' when the body did not parse). */
  model: string;
  /** The channel that answered, or the last one tried; 0 when none was picked. */
  channelId: number;
  /** HTTP status the client got; 499 when it left before any byte went out. */
  status: number;
  /** An upstream answer reached settlement (a cut stream included). */
  served: boolean;
  /** Failed after trying at least one channel, with the client still there: the channel's fault. */
  upstreamFailed: boolean;
  isStream: boolean;
  /** From the request's arrival to the end of the upstream answer (settlement excluded). */
  durationMs: number;
  /** Streams: ms to the first chunk sent to the client; -1 otherwise. */
  firstChunkMs: number;
  promptTokens: number;
  /** Of the prompt, the tokens the upstream read from its prompt cache (0 when none were reported). */
  cacheTokens: number;
  completionTokens: number;
  /** Quota charged (0 when refunded). */
  quota: number;
}

/** A consumer of outcomes (metrics, model speed). Must not throw and must not await. */
export interface RelayOutcomeSink {
  record(o: RelayOutcome): void;
}
