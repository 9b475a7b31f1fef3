/**
 * The client address an open limit counts against: behind a trusted proxy the first hop of
 * `X-Forwarded-For`, else the address the host gives (the Node entry: the socket's), else
 * `unknown`. Shared by the app's guards and the search's fast path. Web-standard.
 */
export function clientAddress(trustProxy: boolean, forwardedFor: string | null | undefined, hostAddress: () => string | undefined): string {
  return (trustProxy ? forwardedFor?.split(',')[0]?.trim() || undefined : undefined) ?? hostAddress() ?? 'unknown'
}
