import { describe, expect, it } from 'vitest';
import { isPublicAddress, parseAddress, parseAllowList } from './address';

function isPublic(text: string): boolean {
  const addr = parseAddress(text);
  if (!addr) throw new Error(`not an address: ${text}`);
  return isPublicAddress(addr);
}

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '100.100.100.200',
    '169.254.169.254',
    '255.255.255.255',
    '224.0.0.1',
    '240.0.0.1',
    '192.0.0.170',
    '192.0.2.1',
    '198.18.0.1',
    '::1',
    '::',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'fec0::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '::ffff:0:a9fe:a9fe',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::7f00:1',
    '64:ff9b:1::a00:1',
    '2002:a9fe:a9fe::',
    '2002:7f00:1::1',
    '2002:0a00:0001::',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '::7f00:1',
    '::a9fe:a9fe',
    '100::1',
    '2001:db8::1',
  ])('refuses %s', (addr) => {
    expect(isPublic(addr)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '100.63.255.255',
    '100.128.0.1',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '240e::1',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('accepts public %s', (addr) => {
    expect(isPublic(addr)).toBe(true);
  });

  it('does not treat legacy IPv4 forms as literals (the URL parser normalises those first)', () => {
    expect(parseAddress('127.1')).toBeNull();
    expect(parseAddress('2130706433')).toBeNull();
    expect(parseAddress('0x7f000001')).toBeNull();
    expect(parseAddress('[::1]')?.toString()).toBe('::1');
  });
});

describe('parseAllowList', () => {
  it('matches host names exactly, ignoring case and the root dot', () => {
    const allow = parseAllowList(['Intranet.Example', ' ', '']);
    expect(allow.hostAllowed('intranet.example')).toBe(true);
    expect(allow.hostAllowed('INTRANET.example.')).toBe(true);
    expect(allow.hostAllowed('a.intranet.example')).toBe(false);
    expect(allow.hostAllowed('intranet.example.evil')).toBe(false);
  });

  it('matches addresses by CIDR or single address, IPv4-mapped included', () => {
    const allow = parseAllowList(['127.0.0.1', '10.1.0.0/16', 'fd12::/16']);
    const at = (a: string) => allow.addressAllowed(parseAddress(a)!);
    expect(at('127.0.0.1')).toBe(true);
    expect(at('127.0.0.2')).toBe(false);
    expect(at('::ffff:127.0.0.1')).toBe(true);
    expect(at('10.1.200.3')).toBe(true);
    expect(at('10.2.0.1')).toBe(false);
    expect(at('fd12:3::1')).toBe(true);
    expect(at('fd13::1')).toBe(false);
  });
});
