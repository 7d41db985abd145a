// The load loop the throughput benches share: `requests` calls of `send`, `concurrency` at a time.

/** Calls per second and p50/p99 latency (ms) of `send` under concurrent load. */
export async function measureRate(send, { requests, concurrency }) {
  let next = 0;
  const latencies = [];
  const worker = async () => {
    while (next < requests) {
      next += 1;
      const started = performance.now();
      await send();
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: requests / seconds, p50: latencies[Math.floor(latencies.length / 2)], p99: latencies[Math.floor(latencies.length * 0.99)] };
}
