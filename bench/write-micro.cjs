// Node's write path alone: allocation and CPU per 20-event SSE answer written by `res.write`
// (Node frames each chunk as four socket writes behind a cork) against the gateway's
// `writeChunkDirect` (one framed buffer, one socket write), over 32 keep-alive connections.
//   node bench/write-micro.cjs [path/to/dist] [answers]
// The server runs in a child with --trace-gc-nvp; the client is this process, so its allocation
// is not counted. Allocation is the sum of `allocated=` between two marks divided by the answers
// (it does not move between runs); CPU is the child's process.cpuUsage: noisy.
const { fork } = require('node:child_process');
const { connect } = require('node:net');
const { resolve } = require('node:path');
const { allocatedBetweenMarks } = require('./lib/gc-marks.cjs');

if (process.argv[2] === '--child') {
  const http = require('node:http');
  const [, , , mode, dist, n] = process.argv;
  const N = Number(n);
  const { writeChunkDirect } = require(`${dist}/relay/pipeline/chunked-writer.js`);
  const frames = [];
  for (let i = 0; i < 20; i++) frames.push(Buffer.from(`data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"word${i}"}}]}\n\n`));
  let served = 0;
  let cpu;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    let i = 0;
    const step = () => {
      if (i < frames.length) {
        const frame = frames[i++];
        if (mode === 'node' || writeChunkDirect(res, frame) === undefined) res.write(frame);
        setImmediate(step); // one upstream chunk per tick, as in the gateway
        return;
      }
      res.end();
      served += 1;
      if (served === 2000) {
        console.log('MARK-START');
        cpu = process.cpuUsage();
      } else if (served === 2000 + N) {
        console.log('MARK-END');
        const c = process.cpuUsage(cpu);
        console.log(`cpu per answer ${((c.user + c.system) / N).toFixed(1)} us`);
        process.exit(0);
      }
    };
    step();
  });
  server.listen(0, '127.0.0.1', () => process.send(server.address().port));
  return;
}

const dist = resolve(process.argv[2] ?? resolve(__dirname, '../server/dist'));
const N = Number(process.argv[3] ?? 20000);

function run(mode) {
  return new Promise((done) => {
    const child = fork(__filename, ['--child', mode, dist, String(N)], { execArgv: ['--trace-gc-nvp'], stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
    let out = '';
    const sockets = [];
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', () => {
      for (const s of sockets) s.destroy();
      const { bytes, cpu } = allocatedBetweenMarks(out);
      console.log(`${mode.padEnd(6)} alloc per answer ${Math.round(bytes / N)} B, ${cpu}`);
      done();
    });
    child.on('message', (port) => {
      for (let c = 0; c < 32; c++) {
        const s = connect(port, '127.0.0.1');
        sockets.push(s);
        let tail = '';
        const ask = () => s.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
        s.on('data', (d) => {
          tail = (tail + d.toString('latin1')).slice(-5);
          if (tail === '0\r\n\r\n') {
            tail = '';
            ask();
          }
        });
        s.on('error', () => undefined);
        ask();
      }
    });
  });
}

(async () => {
  for (const mode of ['node', 'direct', 'node', 'direct']) await run(mode);
})();
