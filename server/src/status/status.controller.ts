import { Controller, Get } from '@nestjs/common';
import { ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { Access, Actor, MaybeActor } from '../auth/auth.decorators';
import { GroupsService } from '../options/groups.service';
import { OptionsService } from '../options/options.service';
import { StatusService } from './status.service';

@Controller('api')
export class StatusController {
  constructor(
    private readonly status: StatusService,
    private readonly options: OptionsService,
    private readonly groups: GroupsService,
  ) {}

  @Get('status')
  @Access('public')
  getStatus() {
    return ok(this.status.status());
  }

  @Get('notice')
  @Access('public')
  notice() {
    return ok(this.options.get('Notice'));
  }

  @Get('about')
  @Access('public')
  about() {
    return ok(this.options.get('About'));
  }

  @Get('home_page_content')
  @Access('public')
  homePageContent() {
    return ok(this.options.get('HomePageContent'));
  }

  @Get('contact-info')
  @Access('public')
  contactInfo() {
    return ok({ QQContact: this.options.get('QQContact'), WeChatContact: this.options.get('WeChatContact') });
  }

  @Get('group')
  @Access('admin')
  groupNames() {
    return ok(this.groups.allGroups());
  }

  /** The caller's usable groups with ratio and label (the playground's group list). */
  @Get('user/self/groups')
  @Access('user')
  selfGroups(@Actor() actor: Principal) {
    return ok(this.groups.usableWithRatios(actor.group));
  }

  @Get('groups/token')
  @Access('optional')
  tokenGroups(@MaybeActor() actor: Principal | null) {
    return ok(this.groups.usable(actor?.group ?? null));
  }
}
