/*
 * The few Prometheus instruments /metrics needs, written in the text exposition format (version
 * 0.0.4). A histogram keyed by label values is all the HTTP metrics need (its counts are also the
 * requests counter, so a request is recorded once); the gauges
 * (queue depth, lives, sockets) are read when scraped. docs/deployment.md "Readiness and metrics".
 */

type Labels = Record<string, string>;

const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

/** `{a="1",b="2"}`, or nothing without labels. */
export function labelText(labels: Labels): string {
  const entries = Object.entries(labels);
  return entries.length === 0 ? '' : `{${entries.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}`;
}

const keyOf = (labels: Labels) => JSON.stringify(labels);

export class Histogram {
  private readonly values = new Map<
    string,
    { labels: Labels; counts: number[]; sum: number; count: number }
  >();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly buckets: readonly number[],
  ) {}

  observe(labels: Labels, value: number): void {
    const key = keyOf(labels);
    let entry = this.values.get(key);
    if (!entry) {
      entry = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.values.set(key, entry);
    }
    for (let i = 0; i < this.buckets.length; i++) if (value <= this.buckets[i]!) entry.counts[i]!++;
    entry.sum += value;
    entry.count++;
  }

  /** The observations per label set, as a counter of its own (e.g. requests beside their durations). */
  countText(name: string, help: string): string {
    const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} counter`];
    for (const { labels, count } of this.values.values()) lines.push(`${name}${labelText(labels)} ${count}`);
    return lines.join('\n');
  }

  text(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, counts, sum, count } of this.values.values()) {
      this.buckets.forEach((le, i) => {
        lines.push(`${this.name}_bucket${labelText({ ...labels, le: String(le) })} ${counts[i]}`);
      });
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${sum}`);
      lines.push(`${this.name}_count${labelText(labels)} ${count}`);
    }
    return lines.join('\n');
  }
}

/** A gauge read at scrape time: one line per labelled value. */
export function gaugeText(name: string, help: string, samples: { labels?: Labels; value: number }[]): string {
  const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} gauge`];
  for (const { labels = {}, value } of samples) lines.push(`${name}${labelText(labels)} ${value}`);
  return lines.join('\n');
}

/** One counter without labels (e.g. bytes uploaded since the instance started). */
export function counterText(name: string, help: string, value: number): string {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} counter`, `${name} ${value}`].join('\n');
}
