import { DEFAULT_RUNTIME_CONFIG, invalidConfigKeys, parseRuntimeConfig } from './config';

describe('parseRuntimeConfig', () => {
  it('overrides defaults key by key', () => {
    const config = parseRuntimeConfig({ supabaseUrl: 'https://abc.supabase.co', adminEmail: 'boss@firm.fr' });
    expect(config).toEqual({
      ...DEFAULT_RUNTIME_CONFIG,
      supabaseUrl: 'https://abc.supabase.co',
      adminEmail: 'boss@firm.fr',
    });
  });

  it('falls back to the defaults when the file is invalid', () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseRuntimeConfig({ supabaseUrl: 'not a url' })).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(parseRuntimeConfig('garbage')).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(parseRuntimeConfig({ adminEmail: 'pas-un-email' })).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(parseRuntimeConfig({ geocoderUrl: 'javascript:alert(1)' })).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(invalidConfigKeys({ ...DEFAULT_RUNTIME_CONFIG, contactPhone: ' ', supabaseUrl: 'ftp://x' })).toEqual([
      'supabaseUrl',
      'contactPhone',
    ]);
  });

  it('billingMode: test or live (default live); anything else invalidates the file', () => {
    expect(parseRuntimeConfig({}).billingMode).toBe('live');
    expect(parseRuntimeConfig({ billingMode: 'test' }).billingMode).toBe('test');
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    expect(parseRuntimeConfig({ billingMode: 'prod', contactPhone: 'x' })).toEqual(DEFAULT_RUNTIME_CONFIG);
  });

  it('embeds usable local defaults', () => {
    expect(DEFAULT_RUNTIME_CONFIG.supabaseUrl).toBe('http://localhost:54321');
    expect(DEFAULT_RUNTIME_CONFIG.adminEmail).toBe('admin@atelier.local');
    expect(DEFAULT_RUNTIME_CONFIG.geocoderUrl).toBe('https://data.geopf.fr/geocodage/search');
  });
});
