import { createHash } from 'node:crypto';
import { centsToMoney, epaySign, epayVerify, moneyToCents } from './epay';

describe('epay signature', () => {
  const key = 'merchant-key-123';
  const params = { pid: '1001', type: 'alipay', out_trade_no: 'USR1NOabc', name: 'TUC10', money: '73.00', sitename: '', trade_status: 'TRADE_SUCCESS' };

  it('signs the sorted non-empty parameters followed by the key, MD5 hex', () => {
    const expected = createHash('md5')
      .update('money=73.00&name=TUC10&out_trade_no=USR1NOabc&pid=1001&trade_status=TRADE_SUCCESS&type=alipay' + key)
      .digest('hex');
    expect(epaySign(params, key)).toBe(expected);
    expect(epaySign({ ...params, sign: 'x', sign_type: 'MD5' }, key)).toBe(expected);
  });

  it('verifies a good signature (any case) and refuses a changed field, a wrong key or an empty key', () => {
    const sign = epaySign(params, key);
    expect(epayVerify({ ...params, sign, sign_type: 'MD5' }, key)).toBe(true);
    expect(epayVerify({ ...params, sign: sign.toUpperCase() }, key)).toBe(true);
    expect(epayVerify({ ...params, money: '730.00', sign }, key)).toBe(false);
    expect(epayVerify({ ...params, sign }, 'other-key')).toBe(false);
    expect(epayVerify({ ...params, sign: epaySign(params, '') }, '')).toBe(false);
    expect(epayVerify({ ...params, sign: 'zz' }, key)).toBe(false);
    expect(epayVerify({ ...params }, key)).toBe(false);
  });

  it('reads money as exact cents', () => {
    expect(moneyToCents('73.00')).toBe(7300);
    expect(moneyToCents('73.1')).toBe(7310);
    expect(moneyToCents('0.01')).toBe(1);
    expect(moneyToCents('73')).toBe(7300);
    expect(moneyToCents('73.001')).toBeNull();
    expect(moneyToCents('-1.00')).toBeNull();
    expect(moneyToCents('1e3')).toBeNull();
    expect(centsToMoney(7310)).toBe('73.10');
    expect(centsToMoney(5)).toBe('0.05');
  });
});
