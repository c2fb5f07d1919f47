import { describe, expect, it } from 'vitest';
import { categoryChoices, categoryParam, importCategoryChoices, sendPageFor } from './price-categories';

describe('price categories on the entry screens (decision 0108)', () => {
  it('offers the categories each product prices, the standard rows first', () => {
    expect(categoryChoices('sms')).toEqual(['standard', 'otp']);
    expect(categoryChoices('voice')).toEqual(['standard', 'otp', 'ai']);
    expect(categoryChoices('whatsapp')).toEqual(['standard', 'marketing', 'utility', 'authentication', 'service']);
    // no picker: the standard rows only
    expect(categoryChoices('number')).toEqual(['standard']);
    expect(categoryChoices('email')).toEqual(['standard']);
  });

  it('an import takes one of the OTP / AI-voice categories of its product for the whole list', () => {
    expect(importCategoryChoices('sms')).toEqual(['standard', 'otp']);
    expect(importCategoryChoices('voice')).toEqual(['standard', 'otp', 'ai']);
    expect(importCategoryChoices('whatsapp')).toEqual(['standard']);
  });

  it('sends the standard rows without a category', () => {
    expect(categoryParam('standard')).toBeUndefined();
    expect(categoryParam(undefined)).toBeUndefined();
    expect(categoryParam('otp')).toBe('otp');
  });

  it('links a list filtered to a category to that category’s send page', () => {
    expect(sendPageFor('sms')).toBe('sms');
    expect(sendPageFor('sms', 'standard')).toBe('sms');
    expect(sendPageFor('sms', 'otp')).toBe('otp-sms');
    expect(sendPageFor('voice', 'ai')).toBe('ai-voice');
    expect(sendPageFor('voice', 'otp')).toBe('otp-voice');
    expect(sendPageFor('whatsapp', 'marketing')).toBe('whatsapp');
    expect(sendPageFor('email')).toBeUndefined();
  });
});
