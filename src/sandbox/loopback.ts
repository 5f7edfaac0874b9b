import { isIP } from 'node:net'

/**
 * Whether a socket's remote address is this machine: 127.0.0.0/8, ::1, or an IPv4 loopback
 * mapped into IPv6 (::ffff:127.x.y.z, as a dual-stack listener reports it). Unknown → false.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false
  const bare = address
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
    .toLowerCase()
  const ipv4 = bare.startsWith('::ffff:') ? bare.slice('::ffff:'.length) : bare
  if (isIP(ipv4) === 4) return ipv4.split('.')[0] === '127'
  if (isIP(bare) === 6) return /^(0{0,4}:){2,7}0{0,3}1$/.test(bare) || bare === '::1'
  return false
}
