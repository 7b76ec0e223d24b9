import { Injectable } from '@nestjs/common';
import { OptionsService } from '../../options/options.service';
import { MJ_SUCCESS, type MidjourneyEntity } from '../midjourney.entity';

/**
 * What clients see as a drawing's image URL: with MjForwardUrlEnabled, the gateway's own
 * `/mj/image/:id` (a cache-buster until the task succeeds), else the upstream's URL.
 */
@Injectable()
export class MjUrls {
  constructor(private readonly options: OptionsService) {}

  imageUrl(m: Pick<MidjourneyEntity, 'imageUrl' | 'mjId' | 'status'>): string {
    if (m.imageUrl === '' || !this.options.bool('MjForwardUrlEnabled')) return m.imageUrl;
    const base = this.options.get('ServerAddress').replace(/\/+$/, '');
    const url = `${base}/mj/image/${encodeURIComponent(m.mjId)}`;
    return m.status === MJ_SUCCESS ? url : `${url}?rand=${Date.now()}`;
  }
}
