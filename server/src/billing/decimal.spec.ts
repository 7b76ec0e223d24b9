import { add, decimalOf, decimalToNumber, exactProduct, mul, roundHalfAwayFromZero } from './decimal';

describe('decimal', () => {
  it('reads numbers as the decimals they print as', () => {
    expect(decimalOf(0.075)).toEqual({ int: 75n, scale: 3 });
    expect(decimalOf(1e-7)).toEqual({ int: 1n, scale: 7 });
    expect(decimalOf(1.5e21)).toEqual({ int: 1500000000000000000000n, scale: 0 });
    expect(decimalOf(-2.5)).toEqual({ int: -25n, scale: 1 });
    expect(() => decimalOf(Number.NaN)).toThrow(RangeError);
  });

  it('multiplies and adds exactly', () => {
    expect(mul(decimalOf(0.1), decimalOf(0.2))).toEqual({ int: 2n, scale: 2 });
    expect(add(decimalOf(0.1), decimalOf(0.2))).toEqual({ int: 3n, scale: 1 });
    expect(add(decimalOf(7), decimalOf(0.25))).toEqual({ int: 725n, scale: 2 });
  });

  it('rounds halves away from zero', () => {
    expect(roundHalfAwayFromZero(decimalOf(2.5))).toBe(3n);
    expect(roundHalfAwayFromZero(decimalOf(-2.5))).toBe(-3n);
    expect(roundHalfAwayFromZero(decimalOf(2.4999))).toBe(2n);
    expect(roundHalfAwayFromZero(decimalOf(-2.4999))).toBe(-2n);
    expect(roundHalfAwayFromZero(decimalOf(7))).toBe(7n);
  });

  it('converts short decimal products back exactly', () => {
    expect(exactProduct(0.4, 3)).toBe(1.2);
    expect(exactProduct(0.45, 3)).toBe(1.35);
    expect(decimalToNumber({ int: 12n, scale: 1 })).toBe(1.2);
  });
});
