import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { fastFirst } from './fast-listener.ts'

describe('fastFirst', () => {
  it('ends the one response whose write throws, without an unhandled rejection', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      const incoming = new IncomingMessage(new Socket())
      incoming.method = 'GET'
      incoming.url = '/v1/factors/fuels.gb.diesel.litres'
      incoming.headers = { host: 'localhost' }
      const outgoing = new ServerResponse(incoming)
      // A header value Node refuses to write: writeHead throws, as it would on a response it cannot send.
      const listener = fastFirst(() => Promise.resolve({ headers: { 'X-Bad': 'line\nbreak' }, body: new Uint8Array([123, 125]) }), () => undefined, () => {
        throw new Error('the app is not asked')
      }, new WeakMap())
      listener(incoming, outgoing)
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(outgoing.destroyed).toBe(true)
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })
})
