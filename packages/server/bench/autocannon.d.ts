/** The part of autocannon 9's API the load benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string
    connections?: number
    pipelining?: number
    duration?: number
    amount?: number
    method?: 'GET' | 'POST'
    headers?: Record<string, string>
    body?: string
    /** Requests sent in turn on each connection; each names its headers whole. */
    requests?: Array<{ method?: 'GET' | 'POST'; path?: string; headers?: Record<string, string>; body?: string }>
  }
  interface Histogram {
    average: number
    mean: number
    p50: number
    p90: number
    p99: number
    max: number
  }
  interface Result {
    requests: Histogram & { total: number }
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
    duration: number
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
