import { Controller, Get } from '@nestjs/common';
import { z } from 'zod';
import { Contract } from '../common/contract';
import { ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { Access, Actor, MaybeActor } from '../common/access';
import { GroupsService } from '../options/groups.service';
import { OptionsService } from '../options/options.service';
import { contactInfoSchema, groupLabelsSchema, groupRatiosSchema, statusSchema } from './dto/status.dto';
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
  @Contract({ summary: 'The public status object the console reads at startup', data: statusSchema })
  getStatus() {
    return ok(this.status.status());
  }

  @Get('notice')
  @Access('public')
  @Contract({ summary: 'The site notice (option Notice, Markdown)', data: z.string() })
  notice() {
    return ok(this.options.get('Notice'));
  }

  @Get('about')
  @Access('public')
  @Contract({ summary: 'The about page (option About: Markdown, HTML or an address)', data: z.string() })
  about() {
    return ok(this.options.get('About'));
  }

  @Get('home_page_content')
  @Access('public')
  @Contract({ summary: 'The home page content (option HomePageContent: Markdown, HTML or an address)', data: z.string() })
  homePageContent() {
    return ok(this.options.get('HomePageContent'));
  }

  @Get('contact-info')
  @Access('public')
  @Contract({ summary: 'The contact details shown to users', data: contactInfoSchema })
  contactInfo() {
    return ok({ QQContact: this.options.get('QQContact'), WeChatContact: this.options.get('WeChatContact') });
  }

  @Get('group')
  @Access('admin')
  @Contract({ summary: 'Every group name of the ratio table (option GroupRatio)', data: z.array(z.string()) })
  groupNames() {
    return ok(this.groups.allGroups());
  }

  /** The caller's usable groups with ratio and label (the playground's group list). */
  @Get('user/self/groups')
  @Access('user')
  @Contract({ summary: "The caller's usable groups with ratio and label", data: groupRatiosSchema })
  selfGroups(@Actor() actor: Principal) {
    return ok(this.groups.usableWithRatios(actor.group));
  }

  @Get('groups/token')
  @Access('optional')
  @Contract({ summary: 'The groups a token may use (the caller\'s, or the public ones when signed out), with their labels', data: groupLabelsSchema })
  tokenGroups(@MaybeActor() actor: Principal | null) {
    return ok(this.groups.usable(actor?.group ?? null));
  }
}
