import { describe, expect, it } from 'vitest'
import { isPrivateAddress, webhookUrlRefusal } from './address.ts'

describe('webhook target addresses', () => {
  it('classifies loopback, private, link-local, CGNAT, metadata and mapped addresses as private', () => {
    for (const ip of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '[::ffff:7f00:1]', '224.0.0.1']) {
      expect(isPrivateAddress(ip), ip).toBe(true)
    }
    for (const ip of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '172.32.0.1', 'example.com']) {
      expect(isPrivateAddress(ip), ip).toBe(false)
    }
  })

  it('refuses URLs on private literals and internal names, in every spelling URL normalises', () => {
    for (const url of ['http://127.1/x', 'http://2130706433/', 'http://0x7f000001/', 'http://localhost:8080/', 'http://api.localhost/', 'http://metadata.google.internal/', 'http://[::1]/', 'http://169.254.169.254/latest', 'https://printer.local/']) {
      expect(webhookUrlRefusal(url), url).not.toBeNull()
    }
    expect(webhookUrlRefusal('https://hooks.example.com/openfactors')).toBeNull()
    expect(webhookUrlRefusal('not a url')).toBe('not a valid URL')
  })
})
