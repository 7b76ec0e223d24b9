import { Body, Controller, Get, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Contract } from '../common/contract';
import { done, ok } from '../common/envelope';
import type { Principal } from '../common/request-context';
import { parseInput } from '../common/validation';
import { Access, Actor, Critical } from '../common/access';
import {
  adminTopUpPageSchema,
  completeSchema,
  payFormSchema,
  paySchema,
  topUpAllQuerySchema,
  topUpPageSchema,
  topUpSelfQuerySchema,
} from './dto/payment.dto';
import { parseForm } from './epay-notify.routes';
import { PaymentsService } from './payments.service';

/** Online top-up (spec operations §2.7, §7 Wallet; reference §6.5). */
@Controller('api/user')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  /** A pending order and the signed epay form: `{message: "success", data: <fields>, url}`. */
  @Post('pay')
  @Access('user')
  @Critical()
  @Contract({
    summary: 'Open a pending top-up order; data is the signed epay form, `url` (beside data) where the browser POSTs it',
    body: paySchema,
    data: payFormSchema,
  })
  async pay(@Actor() actor: Principal, @Body() body: unknown) {
    const form = await this.payments.createOrder(actor, parseInput(paySchema, body));
    return { ...ok(form.params, 'success'), url: form.url };
  }

  /** The caller's own orders, newest first. */
  @Get('topup/self')
  @Access('user')
  @Contract({ summary: "The caller's top-up orders, newest first", query: topUpSelfQuerySchema, data: topUpPageSchema })
  async self(@Actor() actor: Principal, @Query() query: unknown) {
    const q = parseInput(topUpSelfQuerySchema, query);
    return ok(await this.payments.listSelf(actor, q.p, q.page_size));
  }

  /** Every order (admin). */
  @Get('topup')
  @Access('admin')
  @Contract({ summary: 'Every top-up order, newest first, by trade number, owner and status', query: topUpAllQuerySchema, data: adminTopUpPageSchema })
  async all(@Actor() actor: Principal, @Query() query: unknown) {
    return ok(await this.payments.listAll(actor, parseInput(topUpAllQuerySchema, query)));
  }

  /** Admin: mark an order paid and credit it (logged). */
  @Post('topup/complete')
  @Access('admin')
  @Critical()
  @Contract({ summary: 'Mark a pending or expired order paid and credit it (logged with the admin)', body: completeSchema })
  async complete(@Actor() actor: Principal, @Body() body: unknown) {
    await this.payments.adminComplete(actor, parseInput(completeSchema, body).trade_no);
    return done();
  }

  /**
   * The gateway sends the browser back here with the signed result: a verified payment is
   * completed (idempotent, as the notify), then the browser goes to the wallet page. Like the
   * notify (epay-notify.routes.ts) it keeps epay's wire format: a 302, no envelope.
   */
  @Get('epay/return')
  @Access('public')
  @Contract({
    summary: "The payment gateway sends the browser back here with the signed result (epay's fields in the query); a verified payment is completed",
    raw: { status: 302, description: 'To the wallet page, whatever the result' },
  })
  async epayReturn(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const params = parseForm(req.url.split('?')[1] ?? '');
    if (params && params.sign) await this.payments.notify(params);
    void reply.status(302).header('location', this.payments.walletUrl()).send();
  }
}
