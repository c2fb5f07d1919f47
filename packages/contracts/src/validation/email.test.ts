import { describe, expect, it } from 'vitest';
import { formatAddress, inlineImageMime, isValidEmail, RECIPIENT_FORMAT_ERROR, validateRecipients } from './email.js';

describe('validateRecipients', () => {
  it('accepts a list of valid addresses (and an empty list)', () => {
    expect(
      validateRecipients([{ email: 'ann@example.com' }, { email: 'bob.smith+tag@mail.example.org', name: 'Bob' }]),
    ).toBeNull();
    expect(validateRecipients([{ email: '  padded@example.com ' }])).toBeNull();
    expect(validateRecipients([])).toBeNull();
  });

  it.each([
    'plainaddress',
    'missing-domain@',
    '@missing-local.com',
    'two@@example.com',
    'space in@example.com',
    'no-tld@example',
    '',
    'ann@example.com, bob@example.com',
  ])('refuses the whole list with the spec message when any address is bad: %j', (bad) => {
    const list = [{ email: 'ok@example.com' }, { email: bad }, { email: 'also-ok@example.com' }];
    expect(validateRecipients(list)).toBe('输入邮箱格式有误，请更正');
  });

  it('uses the exact text of the spec', () => {
    expect(RECIPIENT_FORMAT_ERROR).toBe('输入邮箱格式有误，请更正');
  });
});

describe('isValidEmail', () => {
  it('trims before checking', () => {
    expect(isValidEmail(' ann@example.com ')).toBe(true);
    expect(isValidEmail('ann@example')).toBe(false);
  });
});

describe('formatAddress (spec 5)', () => {
  it("shows 'name<email>' when there is a name", () => {
    expect(formatAddress({ name: 'Ann Lee', email: 'ann@example.com' })).toBe('Ann Lee<ann@example.com>');
    expect(formatAddress({ name: '王伟', email: 'wang@example.com' })).toBe('王伟<wang@example.com>');
    expect(formatAddress({ name: ' Ann ', email: ' ann@example.com ' })).toBe('Ann<ann@example.com>');
  });

  it("shows the local part + '<email>' without a name when the address is valid", () => {
    expect(formatAddress({ email: 'ann.lee@example.com' })).toBe('ann.lee<ann.lee@example.com>');
    expect(formatAddress({ name: null, email: 'bob@example.com' })).toBe('bob<bob@example.com>');
    expect(formatAddress({ name: '   ', email: 'cat@example.com' })).toBe('cat<cat@example.com>');
  });

  it("shows only '<email>' without a name when the address is invalid", () => {
    expect(formatAddress({ email: 'not-an-address' })).toBe('<not-an-address>');
    expect(formatAddress({ name: '', email: 'broken@' })).toBe('<broken@>');
  });

  it('escapes angle brackets inside the name and the address', () => {
    expect(formatAddress({ name: 'Eve <admin>', email: 'eve@example.com' })).toBe('Eve &lt;admin&gt;<eve@example.com>');
    expect(formatAddress({ email: '<script>x</script>' })).toBe('<&lt;script&gt;x&lt;/script&gt;>');
    const shown = formatAddress({ name: '<b>', email: '<i>@example.com' });
    // the only raw brackets left are the pair around the address
    expect(shown.replace(/&lt;|&gt;/g, '')).toMatch(/^[^<>]*<[^<>]*>$/);
  });
});

describe('inlineImageMime', () => {
  it('treats inline images without a type as PNG', () => {
    expect(inlineImageMime(null)).toBe('image/png');
    expect(inlineImageMime(undefined)).toBe('image/png');
    expect(inlineImageMime('  ')).toBe('image/png');
    expect(inlineImageMime('image/jpeg')).toBe('image/jpeg');
  });
});
