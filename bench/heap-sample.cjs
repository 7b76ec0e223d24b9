// Diagnostic preload: a sampling heap profile of a running gateway (or the floor), objects that the
// garbage collector already took included, so that short-lived per-request and per-chunk garbage
// shows. Start the target with BENCH_GATEWAY_NODE_ARGS="--require $PWD/bench/heap-sample.cjs";
// `kill -USR2 <pid>` starts sampling, a second `kill -USR2 <pid>` writes the profile to
// $HEAP_SAMPLE_DIR (default the system's temporary folder) as heap-<pid>.json, which
// `node bench/heap-report.mjs <file>` sums up. Changes no file of the build.
'use strict';
const inspector = require('node:inspector');
const fs = require('node:fs');
const path = require('node:path');

const session = new inspector.Session();
session.connect();
const out = path.join(process.env.HEAP_SAMPLE_DIR ?? require('node:os').tmpdir(), `heap-${process.pid}.json`);
let sampling = false;
process.on('SIGUSR2', () => {
  if (!sampling) {
    sampling = true;
    session.post('HeapProfiler.enable', () =>
      session.post('HeapProfiler.startSampling', { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true }),
    );
    return;
  }
  sampling = false;
  session.post('HeapProfiler.stopSampling', (err, r) => {
    if (err) process.stderr.write(`heap-sample: ${err.message}\n`);
    else fs.writeFileSync(out, JSON.stringify(r.profile));
  });
});
