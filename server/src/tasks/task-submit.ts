import { Injectable } from '@nestjs/common';
import { ChannelHealthService } from '../channels/channel-health.service';
import { ChannelsService, type RelayChannel } from '../channels/channels.service';
import { RoutingIndexService } from '../channels/routing-index.service';
import { OptionsService } from '../options/options.service';
import { classify, errorFields } from '../relay/adaptors/openai-compatible/error';
import { Failover } from '../relay/pipeline/failover';
import { transportFailure, type UpstreamFailure } from '../wire/canonical/errors';
import { TaskTransportError, TaskUpstream, isObject, type UpstreamAnswer } from './task-upstream';

/** One submission to a task server (midjourney-proxy, Suno-API) on a channel. */
export interface TaskSubmission {
  group: string;
  model: string;
  /** A follow-up's original channel, or `sk-KEY-CHANNELID`: that channel only. */
  pinned: RelayChannel | null;
  /** The channel picked before the hold (null when pinned). */
  first: RelayChannel | null;
  /** Whether another channel may be tried (Suno: yes, while no task exists; Midjourney: one channel). */
  failover: boolean;
  timeoutMs: number;
  send(channel: RelayChannel): { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body: unknown };
  /** Whether an upstream's HTTP status is worth another channel. */
  retryableStatus(status: number): boolean;
}

export type SubmitResult =
  | { kind: 'answered'; channel: RelayChannel; answer: UpstreamAnswer }
  /** `status`: the upstream's answer (null when it never answered); `transport`: why it never did. */
  | { kind: 'failed'; failure: UpstreamFailure | null; status: number | null; transport: TaskTransportError['kind'] | null };

/**
 * Task submissions go through the relay's failover loop (`Failover.walk`): the channel's
 * status_code_mapping applies, every failure is reported to channel health (auto-disable on an
 * unusable key, as for chat), and another channel is tried only while the failure is retryable
 * and no task can exist yet. A 200 with a JSON body is the task server's verdict, whatever it says.
 */
@Injectable()
export class TaskSubmitter {
  private readonly failover: Failover;

  constructor(
    private readonly upstream: TaskUpstream,
    private readonly options: OptionsService,
    routing: RoutingIndexService,
    channels: ChannelsService,
    health: ChannelHealthService,
  ) {
    this.failover = new Failover(routing, channels, health);
  }

  async submit(s: TaskSubmission): Promise<SubmitResult> {
    let last: Extract<SubmitResult, { kind: 'failed' }> = { kind: 'failed', failure: null, status: null, transport: null };
    const walked = await this.failover.walk<UpstreamAnswer>({
      group: s.group,
      model: s.model,
      pinned: s.pinned,
      first: s.first,
      retryTimes: s.failover ? Math.max(0, Math.floor(this.options.num('RetryTimes'))) : 0,
      retryWindowMs: Number.POSITIVE_INFINITY,
      attempt: async (channel) => {
        const call = s.send(channel);
        try {
          const answer = await this.upstream.call(call.method, `${channel.baseUrl.replace(/\/+$/, '')}${call.path}`, call.headers, call.body, s.timeoutMs);
          if (answer.status === 200 && answer.json !== undefined) return { kind: 'served', value: answer };
          const failure = statusFailure(answer, s.retryableStatus(answer.status));
          return { kind: 'failed', failure, fromStatus: true, mapped: (f) => (last = { kind: 'failed', failure: f, status: answer.status, transport: null }) };
        } catch (err) {
          if (!(err instanceof TaskTransportError)) throw err;
          const failure = transportOf(err);
          return { kind: 'failed', failure, fromStatus: false, mapped: (f) => (last = { kind: 'failed', failure: f, status: null, transport: err.kind }) };
        }
      },
    });
    return walked.kind === 'served' ? { kind: 'answered', channel: walked.channel, answer: walked.value } : last;
  }
}

/** A task server's non-200 (or non-JSON) answer, classified like a relay answer. */
function statusFailure(answer: UpstreamAnswer, retryable: boolean): UpstreamFailure {
  const fields = isObject(answer.json) ? errorFields(answer.json as Parameters<typeof errorFields>[0]) : { message: null, code: null, type: null };
  const { class: cls, disableChannel } = classify(answer.status, fields.code, fields.type);
  return {
    class: cls,
    // A 200 without JSON may have created a task: never another channel.
    retryable: answer.status !== 200 && retryable,
    disableChannel,
    status: answer.status,
    code: fields.code,
    type: fields.type,
    message: `upstream answered ${answer.status}`,
    retryAfterSeconds: null,
  };
}

/**
 * A call that never got an answer: a refused connection created no task, so another channel may
 * serve; a timeout may have (the task server could still accept it), so it is never retried.
 */
function transportOf(err: TaskTransportError): UpstreamFailure {
  if (err.kind === 'timeout') return { ...transportFailure('headers_timeout'), retryable: false };
  if (err.kind === 'connect') return transportFailure('connect');
  return { ...transportFailure('protocol'), message: err.message.slice(0, 200) };
}
