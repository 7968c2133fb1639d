// The part of autocannon's API the benchmark uses (the package ships no types).
declare module "autocannon" {
  export type Options = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
    /** Requests per second over all connections. */
    overallRate?: number;
  };
  export type Result = {
    requests: { average: number; total: number };
    /** Milliseconds. */
    latency: { p50: number; p90: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  export default function autocannon(options: Options, callback: (error: Error | null, result: Result) => void): unknown;
}
