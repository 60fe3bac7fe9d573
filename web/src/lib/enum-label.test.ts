import { describe, expect, it } from 'vitest';
import { enumLabel } from './enum-label.ts';

describe('enumLabel', () => {
  it('gives enum values in words', () => {
    expect(enumLabel('harassment')).toBe('Harassment');
    expect(enumLabel('pending')).toBe('Pending');
    expect(enumLabel('inappropriate_content')).toBe('Inappropriate content');
    expect(enumLabel('fake_profile')).toBe('Fake profile');
    expect(enumLabel('WARNING')).toBe('Warning');
  });

  it('keeps the explicit words for abbreviations', () => {
    expect(enumLabel('ip_address')).toBe('IP address');
    expect(enumLabel('gps')).toBe('GPS');
    expect(enumLabel('api_error')).toBe('API error');
  });
});
