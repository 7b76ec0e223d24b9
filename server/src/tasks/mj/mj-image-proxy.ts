import { Injectable, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Transform, type TransformCallback } from 'node:stream';
import { DatabaseService } from '../../database/database.service';
import { OptionsService } from '../../options/options.service';
import { OutboundClient, OutboundError } from '../../outbound/outbound.service';
import { MidjourneyEntity } from '../midjourney.entity';
import { MjError } from '../task-errors';

/** Largest image passed through. */
export const MJ_IMAGE_MAX_BYTES = 32 * 1024 * 1024;
const TIMEOUTS = { headersMs: 30_000, idleMs: 30_000, totalMs: 120_000 };
const MEDIA_TYPE = /^(image|video)\/[a-z0-9.+-]+$/i;

/** Passes bytes through and fails the stream past `max` (a lying or missing Content-Length). */
class ByteCap extends Transform {
  private seen = 0;
  constructor(private readonly max: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.max) return done(new Error('image too large'));
    done(null, chunk);
  }
}

/**
 * `GET /mj/image/:id` (MjForwardUrlEnabled): the task's upstream image fetched through the one
 * outbound client (SSRF rules: private targets only when root allowed private upstreams, no
 * redirects), streamed with a size cap and the upstream's image content type.
 */
@Injectable()
export class MjImageProxy {
  private readonly logger = new Logger('MjImageProxy');

  constructor(
    private readonly db: DatabaseService,
    private readonly http: OutboundClient,
    private readonly options: OptionsService,
  ) {}

  async serve(mjId: string, reply: FastifyReply): Promise<void> {
    const row = mjId === '' ? null : await this.db.manager.findOne(MidjourneyEntity, { where: { mjId }, select: { id: true, imageUrl: true } });
    if (!row || row.imageUrl === '') throw new MjError(4, 'task_no_found', 404);
    let res;
    try {
      res = await this.http.request({ url: row.imageUrl, allowPrivate: this.options.bool('AllowPrivateUpstreamEnabled'), timeouts: TIMEOUTS });
    } catch (err) {
      if (err instanceof OutboundError && (err.kind === 'blocked' || err.kind === 'bad_url')) throw new MjError(4, 'the image address is not allowed', 403);
      throw new MjError(4, 'the image could not be fetched', 502);
    }
    const type = String(res.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
    const length = Number(res.headers['content-length'] ?? NaN);
    const refuse = (status: number, why: string): never => {
      res.body.on('error', () => undefined);
      res.body.destroy();
      throw new MjError(4, why, status);
    };
    if (res.status >= 300 && res.status < 400) refuse(403, 'the image address redirects elsewhere: refused');
    if (res.status !== 200) refuse(502, `the image server answered ${res.status}`);
    if (!MEDIA_TYPE.test(type)) refuse(502, 'the image server did not answer an image');
    if (Number.isFinite(length) && length > MJ_IMAGE_MAX_BYTES) refuse(502, 'the image is too large');
    const cap = new ByteCap(MJ_IMAGE_MAX_BYTES);
    res.body.on('error', (err) => cap.destroy(err));
    cap.on('error', (err) => {
      this.logger.warn(`image ${mjId} cut: ${err.message}`);
      res.body.destroy();
    });
    void reply
      .status(200)
      .headers({
        'content-type': type,
        'cache-control': 'public, max-age=3600',
        'x-content-type-options': 'nosniff',
        'Access-Control-Allow-Origin': '*',
        ...(Number.isFinite(length) ? { 'content-length': String(length) } : {}),
      })
      .send(res.body.readable().pipe(cap));
  }
}
