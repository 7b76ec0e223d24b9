import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * OpenAI's GET /v1/models on loopback, as the API reference shows it:
 * `{"object":"list","data":[{"id","object":"model","created","owned_by"}]}` for the right bearer key,
 * `{"error":{...,"code":"invalid_api_key"}}` with 401 otherwise. Records every request.
 */
export class FakeModelsServer {
  readonly requests: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];
  private readonly server: Server;
  url = '';

  constructor(
    readonly validKey: string,
    readonly models: string[],
  ) {
    this.server = createServer((req, res) => {
      this.requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      if (req.method !== 'GET' || req.url !== '/v1/models') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error', param: null, code: null } }));
        return;
      }
      if (req.headers.authorization !== `Bearer ${this.validKey}`) {
        res.writeHead(401, { 'content-type': 'application/json' });
        const given = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
        res.end(
          JSON.stringify({
            error: { message: `Incorrect API key provided: ${given}.`, type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          object: 'list',
          data: this.models.map((id) => ({ id, object: 'model', created: 1686935002, owned_by: 'openai' })),
        }),
      );
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}
