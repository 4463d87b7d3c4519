/** The test parser of Prometheus' text format (it ships no types): families with their samples, values as strings. */
declare module "parse-prometheus-text-format" {
  export type PrometheusSample = { value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string; sum?: string };
  export type PrometheusFamily = { name: string; help: string; type: string; metrics: PrometheusSample[] };
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
