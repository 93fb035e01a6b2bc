// Prometheus metrics of the server (prom-client, text format at GET /metrics). Each server has its
// own registry, so two servers in one process (tests) keep their own counts. Route labels are the
// route templates (`/api/v1/cid/:cid`), never the requested paths, so the series stay few.
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { cacheCounts } from '../remote/cache.js';

export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'chem_http_requests_total',
    help: 'Requests answered, by route template and status',
    labelNames: ['route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'chem_http_request_duration_seconds',
    help: 'Time from the request to the end of the answer, by route template',
    labelNames: ['route'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [this.registry],
  });
  private readonly limited = new Counter({
    name: 'chem_rate_limited_total',
    help: 'Requests refused with 429 by the rate limit',
    registers: [this.registry],
  });

  constructor() {
    // The remote backend's response cache counts in its own module (it knows nothing of servers).
    new Counter({
      name: 'chem_remote_cache_total',
      help: "Remote backend's response cache: hit (fresh), revalidated (304 from the service), miss (fetched)",
      labelNames: ['result'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [result, n] of Object.entries(cacheCounts)) this.inc({ result }, n);
      },
    });
    collectDefaultMetrics({ register: this.registry, prefix: 'chem_' });
  }

  /** Records one answered request; `route` is the route template, or "unmatched". */
  observe(route: string, status: number, seconds: number): void {
    this.requests.inc({ route, status: String(status) });
    this.latency.observe({ route }, seconds);
    if (status === 429) this.limited.inc();
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
