import { retryDeadlock } from './ledger-statements';

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });

describe('retryDeadlock', () => {
  it('runs a batch PostgreSQL failed to break a deadlock again, and answers the run that went through', async () => {
    let runs = 0;
    const result = await retryDeadlock(async () => {
      runs += 1;
      if (runs < 3) throw deadlock();
      return 'done';
    });
    expect(result).toBe('done');
    expect(runs).toBe(3);
  });

  it('gives up after the last try with the deadlock error', async () => {
    let runs = 0;
    const run = async (): Promise<string> => {
      runs += 1;
      throw deadlock();
    };
    await expect(retryDeadlock(run, 2)).rejects.toMatchObject({ code: '40P01' });
    expect(runs).toBe(2);
  });

  it('never runs a batch again for any other error', async () => {
    let runs = 0;
    const run = async (): Promise<string> => {
      runs += 1;
      throw Object.assign(new Error('unique violation'), { code: '23505' });
    };
    await expect(retryDeadlock(run)).rejects.toThrow('unique violation');
    expect(runs).toBe(1);
  });
});
