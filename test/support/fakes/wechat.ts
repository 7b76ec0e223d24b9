import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The WeChat server of the QR-code flow (songquanpeng/wechat-server) on loopback: a user who
 * scans the account's QR code and sends it "验证码" gets a 6-digit code valid 3 minutes;
 * `GET /api/wechat/user?code=` with `Authorization: <server token>` answers
 * `{success: true, message: "", data: "<openid>"}`, or `{success: false, message}`.
 * Codes are single use.
 */
export class FakeWeChatServer {
  readonly calls: { authorization: string; code: string }[] = [];
  url = '';
  private readonly codes = new Map<string, { openId: string; expiresAt: number }>();
  private readonly server: Server;

  constructor(readonly token: string) {
    this.server = createServer((req, res) => this.handle(req, res));
  }

  /** What the account replies to a user with this openid. */
  issueCode(openId: string, validMs = 3 * 60 * 1000): string {
    const code = String(randomInt(100000, 1000000));
    this.codes.set(code, { openId, expiresAt: Date.now() + validMs });
    return code;
  }

  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://x');
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.method !== 'GET' || url.pathname !== '/api/wechat/user') return json(404, { success: false, message: 'not found' });
    const code = url.searchParams.get('code') ?? '';
    const authorization = req.headers.authorization ?? '';
    this.calls.push({ authorization, code });
    if (authorization !== this.token) return json(401, { success: false, message: '无权进行此操作，Token 无效' });
    const entry = this.codes.get(code);
    this.codes.delete(code);
    if (!entry || entry.expiresAt < Date.now()) return json(200, { success: false, message: '无效或过期的验证码 <script>alert(1)</script>' });
    json(200, { success: true, message: '', data: entry.openId });
  }
}
