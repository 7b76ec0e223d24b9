import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { done, ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { Access, Actor, Critical } from '../auth/auth.decorators';
import { parseForm } from './epay-notify.routes';
import { PaymentsService } from './payments.service';

type Json = Record<string, unknown>;

/** Online top-up (spec operations §2.7, §7 Wallet; reference §6.5). */
@Controller('api/user')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  /** A pending order and the signed epay form: `{message: "success", data: <fields>, url}`. */
  @Post('pay')
  @Access('user')
  @Critical()
  async pay(@Actor() actor: Principal, @Body() body: Json) {
    const form = await this.payments.createOrder(actor, body ?? {});
    return { ...ok(form.params, 'success'), url: form.url };
  }

  /** The caller's own orders, newest first. */
  @Get('topup/self')
  @Access('user')
  async self(@Actor() actor: Principal, @Query('p') p: unknown, @Query('page_size') size: unknown) {
    return ok(await this.payments.listSelf(actor, p, size));
  }

  /** Every order (admin). */
  @Get('topup')
  @Access('admin')
  async all(@Actor() actor: Principal, @Query() q: Json) {
    return ok(await this.payments.listAll(actor, q));
  }

  /** Admin: mark an order paid and credit it (logged). */
  @Post('topup/complete')
  @Access('admin')
  @Critical()
  async complete(@Actor() actor: Principal, @Body() body: Json) {
    await this.payments.adminComplete(actor, body?.trade_no);
    return done();
  }

  /**
   * The gateway sends the browser back here with the signed result: a verified payment is
   * completed (idempotent, as the notify), then the browser goes to the wallet page.
   */
  @Get('epay/return')
  @Access('public')
  async epayReturn(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const params = parseForm(req.url.split('?')[1] ?? '');
    if (params && params.sign) await this.payments.notify(params);
    void reply.status(302).header('location', this.payments.walletUrl()).send();
  }
}
