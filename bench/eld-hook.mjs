// Loaded into the server by a benchmark (NODE_OPTIONS=--import; diary-upload, hostile-body): measures the server's own event-loop
// delay and writes it to $ELD_OUT on SIGUSR2 (then starts over). Not part of the app.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 2 });
histogram.enable();
process.on('SIGUSR2', () => {
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  writeFileSync(
    process.env.ELD_OUT,
    JSON.stringify({ p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), samples: histogram.count }),
  );
  histogram.reset();
});
