import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SETTING_NAMES } from './config';
import { projectRoot } from './paths';

describe('loadConfig', () => {
  it('gives every setting its documented default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      host: '127.0.0.1',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      trustProxy: false,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      supportEmail: 'support@garage-ledger.example',
      // PLAN_LIMITS=auto with no payment link: nothing to buy, so no limits (decision 034).
      planLimitsEnabled: false,
      paymentLinkUrl: undefined,
      oidc: undefined,
      sessionTtlDays: 30,
      authLimits: { maxFailures: 10, maxAttempts: 100, windowMinutes: 15 },
      storage: {
        freeQuotaBytes: 250 * 1024 * 1024,
        premiumQuotaBytes: 5120 * 1024 * 1024,
        uploadsPerHour: 200,
      },
      answerCacheBytes: 32 * 1024 * 1024,
    });
  });

  it('keeps finished answers within ANSWER_CACHE_MB, none with 0 (decision 056)', () => {
    expect(loadConfig({ ANSWER_CACHE_MB: '8' }).answerCacheBytes).toBe(8 * 1024 * 1024);
    expect(loadConfig({ ANSWER_CACHE_MB: '0' }).answerCacheBytes).toBe(0);
    expect(() => loadConfig({ ANSWER_CACHE_MB: '-1' })).toThrow(
      'ANSWER_CACHE_MB must be 0 or more megabytes',
    );
    expect(() => loadConfig({ ANSWER_CACHE_MB: 'lots' })).toThrow(
      'ANSWER_CACHE_MB must be a number of megabytes',
    );
  });

  it('sends ntfy and webhooks to public addresses only, unless ALLOW_PRIVATE_WEBHOOKS (decision 063)', () => {
    expect(loadConfig({}).allowPrivateWebhooks).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).allowPrivateWebhooks).toBe(false);
    expect(loadConfig({ ALLOW_PRIVATE_WEBHOOKS: 'true' }).allowPrivateWebhooks).toBe(true);
    expect(loadConfig({ ALLOW_PRIVATE_WEBHOOKS: 'false' }).allowPrivateWebhooks).toBe(false);
    expect(() => loadConfig({ ALLOW_PRIVATE_WEBHOOKS: 'lan' })).toThrow(
      'ALLOW_PRIVATE_WEBHOOKS must be true or false',
    );
  });

  it('listens on every interface in production unless HOST says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '127.0.0.1' }).host).toBe('127.0.0.1');
  });

  it('reads the deployment settings of D45', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://garage.example.com/', TRUST_PROXY: 'true' });
    expect(config.publicUrl).toBe('https://garage.example.com');
    expect(config.trustProxy).toBe(true);
  });

  it('applies the plan limits with on, never with off, and with auto only when Premium is for sale', () => {
    const link = { PAYMENT_LINK_URL: 'https://buy.stripe.com/test_123' };
    expect(loadConfig({ PLAN_LIMITS: 'on' }).planLimitsEnabled).toBe(true);
    expect(loadConfig({ PLAN_LIMITS: 'on', ...link }).planLimitsEnabled).toBe(true);
    expect(loadConfig({ PLAN_LIMITS: 'off' }).planLimitsEnabled).toBe(false);
    expect(loadConfig({ PLAN_LIMITS: 'off', ...link }).planLimitsEnabled).toBe(false);
    expect(loadConfig({ PLAN_LIMITS: 'auto' }).planLimitsEnabled).toBe(false);
    expect(loadConfig({ PLAN_LIMITS: 'auto', ...link }).planLimitsEnabled).toBe(true);
    expect(loadConfig({ ...link }).planLimitsEnabled).toBe(true);
    expect(() => loadConfig({ PLAN_LIMITS: 'sometimes' })).toThrow(
      'PLAN_LIMITS must be on, off or auto',
    );
  });

  it('stops with a message naming each bad setting', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SUPPORT_EMAIL: 'nobody' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL must be a postgres:// or postgresql:// URL');
      expect(message).toContain('SUPPORT_EMAIL must be an e-mail address');
    }
  });

  it('needs a client id once an OIDC issuer is set (D10)', () => {
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://id.example.com' })).toThrow(
      /OIDC_CLIENT_ID/,
    );
    const config = loadConfig({
      OIDC_ISSUER_URL: 'https://id.example.com',
      OIDC_CLIENT_ID: 'garage',
      OIDC_ACCOUNT_URL: 'https://id.example.com/account',
    });
    expect(config.oidc).toEqual({
      issuerUrl: 'https://id.example.com',
      clientId: 'garage',
      clientSecret: undefined,
      accountUrl: 'https://id.example.com/account',
    });
  });
});

describe('the README', () => {
  it('documents every setting in its configuration table', () => {
    const readme = fs.readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
    const undocumented = SETTING_NAMES.filter(
      (name) => !new RegExp(`^\\|\\s*\`${name}\`\\s*\\|`, 'm').test(readme),
    );
    expect(undocumented).toEqual([]);
  });
});
