// The micro-benchmarks' reading of a child's --trace-gc-nvp output: the bytes allocated between
// the lines MARK-START and MARK-END (the sum of `allocated=` of the GC lines between them), and the
// line the child printed its CPU figure on.
'use strict';

function allocatedBetweenMarks(stdout) {
  let on = false;
  let bytes = 0;
  let cpu = '';
  for (const line of stdout.split('\n')) {
    if (line === 'MARK-START') on = true;
    else if (line === 'MARK-END') on = false;
    else if (line.startsWith('cpu per')) cpu = line;
    else if (on) {
      const m = /allocated=(\d+)/.exec(line);
      if (m) bytes += Number(m[1]);
    }
  }
  return { bytes, cpu };
}

module.exports = { allocatedBetweenMarks };
