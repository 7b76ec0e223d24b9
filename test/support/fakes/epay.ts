import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The epay merchant signature: sorted non-empty params (sign, sign_type left out) + key, MD5 hex. */
export function epaySignature(params: Record<string, string>, key: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('md5').update(text + key).digest('hex');
}

export interface EpayOrder {
  pid: string;
  type: string;
  out_trade_no: string;
  notify_url: string;
  return_url: string;
  name: string;
  money: string;
  /** The gateway's own trade number. */
  trade_no: string;
  paid: boolean;
}

/**
 * An epay (易支付) merchant gateway on loopback, as its merchant API documents it:
 * `submit.php` takes the signed purchase form (GET or POST) and shows a payment page; paying calls
 * the merchant's `notify_url` with the signed result (`pid, trade_no, out_trade_no, type, name,
 * money, trade_status=TRADE_SUCCESS, sign, sign_type=MD5`) expecting the text `success`, then sends
 * the browser to `return_url` with the same fields. Tests can also deliver any notify themselves.
 */
export class FakeEpay {
  readonly orders = new Map<string, EpayOrder>();
  readonly refusedSubmits: string[] = [];
  url = '';
  private readonly server: Server;

  constructor(
    readonly pid: string,
    readonly key: string,
  ) {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => void this.handle(req, res, body));
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  /** The signed notify fields for an order (override fields to forge or break one). */
  notifyFields(order: EpayOrder, override: Record<string, string> = {}, key = this.key): Record<string, string> {
    const fields: Record<string, string> = {
      pid: order.pid,
      trade_no: order.trade_no,
      out_trade_no: order.out_trade_no,
      type: order.type,
      name: order.name,
      money: order.money,
      trade_status: 'TRADE_SUCCESS',
      ...override,
    };
    return { ...fields, sign: epaySignature(fields, key), sign_type: 'MD5' };
  }

  /** Calls the merchant's notify URL; answers its status and text. */
  async deliver(notifyUrl: string, fields: Record<string, string>, method: 'GET' | 'POST' = 'GET'): Promise<{ status: number; text: string }> {
    const query = new URLSearchParams(fields).toString();
    const res =
      method === 'GET'
        ? await fetch(`${notifyUrl}?${query}`)
        : await fetch(notifyUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: query });
    return { status: res.status, text: await res.text() };
  }

  /** Pays an order as the payment page's button does: notify, then the browser's return address. */
  async pay(outTradeNo: string): Promise<{ notify: string; returnUrl: string }> {
    const order = this.orders.get(outTradeNo);
    if (!order) throw new Error(`no order ${outTradeNo}`);
    order.paid = true;
    const fields = this.notifyFields(order);
    const { text } = await this.deliver(order.notify_url, fields);
    return { notify: text, returnUrl: `${order.return_url}?${new URLSearchParams(fields).toString()}` };
  }

  private async handle(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/submit.php') {
      const form = Object.fromEntries(req.method === 'POST' ? new URLSearchParams(body) : url.searchParams);
      const ok = form.pid === this.pid && form.sign === epaySignature(form, this.key) && form.sign_type === 'MD5';
      if (!ok || !form.out_trade_no || !form.money || !form.notify_url) {
        this.refusedSubmits.push(JSON.stringify(form));
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<html><body><h1>签名校验失败</h1></body></html>');
        return;
      }
      const order: EpayOrder = {
        pid: this.pid,
        type: form.type ?? '',
        out_trade_no: form.out_trade_no,
        notify_url: form.notify_url,
        return_url: form.return_url ?? '',
        name: form.name ?? '',
        money: form.money,
        trade_no: `2026${randomBytes(8).toString('hex')}`,
        paid: false,
      };
      this.orders.set(order.out_trade_no, order);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<html><body><h1>收银台</h1><p id="money">${order.money}</p>` +
          `<form method="post" action="/pay/${encodeURIComponent(order.out_trade_no)}"><button type="submit" id="pay">确认支付</button></form></body></html>`,
      );
      return;
    }
    const pay = /^\/pay\/(.+)$/.exec(url.pathname);
    if (pay && req.method === 'POST') {
      try {
        const { returnUrl } = await this.pay(decodeURIComponent(pay[1] ?? ''));
        res.writeHead(302, { location: returnUrl });
        res.end();
      } catch {
        res.writeHead(404);
        res.end('no such order');
      }
      return;
    }
    res.writeHead(404);
    res.end('not found');
  }
}
