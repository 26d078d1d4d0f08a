import { describe, expect, it } from 'vitest'
import { uiAddress } from './ui-address'

describe('the UI address other systems link to', () => {
  const at = (host: string, port = 8080, publicUrl?: string, name = 'lamella') =>
    uiAddress({ publicUrl, host, port, hostName: () => name })

  it('is LAMELLA_PUBLIC_URL when it is set', () => {
    expect(at('0.0.0.0', 8080, 'https://blinds.example.lan/')).toBe('https://blinds.example.lan/')
  })

  it('is the host name on mDNS while the hub listens on every address', () => {
    expect(at('0.0.0.0')).toBe('http://lamella.local:8080/')
    expect(at('::', 9000)).toBe('http://lamella.local:9000/')
    expect(at('0.0.0.0', 8080, undefined, 'pi.home.arpa')).toBe('http://pi.home.arpa:8080/')
  })

  it('is the address the hub listens on otherwise', () => {
    expect(at('192.168.1.23')).toBe('http://192.168.1.23:8080/')
    expect(at('127.0.0.1', 41234)).toBe('http://127.0.0.1:41234/')
    expect(at('fd00::23')).toBe('http://[fd00::23]:8080/')
    expect(at('lamella.lan')).toBe('http://lamella.lan:8080/')
  })

  it('is nothing when the host name makes no URL', () => {
    expect(at('0.0.0.0', 8080, undefined, 'bad name')).toBeNull()
  })
})
