import { MAX_QUOTA } from './quota';
import { crossedBelow, escapeHtml, fitLog, formatBalance, ledgerQuota, trusted, validRequestId } from './ledger-rules';

describe('ledger rules', () => {
  it('writes charges as integers in [0, MAX_QUOTA]', () => {
    expect(ledgerQuota(225)).toBe(225);
    expect(ledgerQuota(224.5)).toBe(225);
    expect(ledgerQuota(-3)).toBe(0);
    expect(ledgerQuota(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(ledgerQuota(Number.POSITIVE_INFINITY)).toBe(MAX_QUOTA);
    expect(ledgerQuota(MAX_QUOTA * 4)).toBe(MAX_QUOTA);
    expect(() => ledgerQuota(Number.NaN)).toThrow(RangeError);
  });

  it('accepts printable request ids up to 64 characters', () => {
    expect(validRequestId('20250101120000123abcdEFGH')).toBe(true);
    expect(validRequestId('x'.repeat(64))).toBe(true);
    expect(validRequestId('x'.repeat(65))).toBe(false);
    expect(validRequestId('')).toBe(false);
    expect(validRequestId('a b')).toBe(false);
    expect(validRequestId(42)).toBe(false);
  });

  it('reminds only on the settlement that crosses below the threshold', () => {
    // before = after + charged
    expect(crossedBelow(999, 1, 1000)).toBe(true);
    expect(crossedBelow(500, 600, 1000)).toBe(true);
    expect(crossedBelow(1000, 5, 1000)).toBe(false);
    expect(crossedBelow(400, 500, 1000)).toBe(false);
    expect(crossedBelow(-20, 2000, 1000)).toBe(true);
    expect(crossedBelow(0, 5, 0)).toBe(false);
  });

  it('trusts users over $10 on no token, an unlimited token, or a token over $10', () => {
    const qpu = 500_000;
    const ten = 10 * qpu;
    expect(trusted(ten + 1, 'none', qpu)).toBe(true);
    expect(trusted(ten, 'none', qpu)).toBe(false);
    expect(trusted(ten + 1, { unlimitedQuota: true, remainQuota: 0 }, qpu)).toBe(true);
    expect(trusted(ten + 1, { unlimitedQuota: false, remainQuota: ten + 1 }, qpu)).toBe(true);
    expect(trusted(ten + 1, { unlimitedQuota: false, remainQuota: ten }, qpu)).toBe(false);
    expect(trusted(ten + 1, null, qpu)).toBe(false);
    expect(trusted(ten * 100, null, qpu)).toBe(false);
  });

  it('shows balances in dollars (6 decimals) or raw quota', () => {
    expect(formatBalance(250_000, true, 500_000)).toBe('$0.500000');
    expect(formatBalance(-100, true, 500_000)).toBe('$-0.000200');
    expect(formatBalance(250_000, false, 500_000)).toBe('250000');
  });

  it('escapes HTML in mail bodies', () => {
    expect(escapeHtml('https://x.test/?a=1&b="<i>"')).toBe('https://x.test/?a=1&#38;b=&#34;&#60;i&#62;&#34;');
  });

  it('fits consume log fields to their columns', () => {
    const log = {
      username: 'u'.repeat(80),
      tokenName: 't'.repeat(80),
      tokenId: 7,
      modelName: 'm'.repeat(200),
      promptTokens: 12.6,
      completionTokens: -4,
      useTime: Number.POSITIVE_INFINITY,
      isStream: false,
      tokenGroup: 'g'.repeat(70),
      clientIp: '2001:db8::1',
      content: 'c'.repeat(5000),
      other: { frt: 12 },
    };
    expect(fitLog(log)).toEqual({
      ...log,
      username: 'u'.repeat(64),
      tokenName: 't'.repeat(64),
      modelName: 'm'.repeat(128),
      promptTokens: 13,
      completionTokens: 0,
      useTime: 0,
      tokenGroup: 'g'.repeat(64),
    });
    expect(fitLog({ ...log, promptTokens: 1e12 }).promptTokens).toBe(2_147_483_647);
  });
});
