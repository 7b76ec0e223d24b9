import { DatabaseService } from '../../server/src/database/database.service';
import { UserEntity } from '../../server/src/users/user.entity';
import { UserBindingsService } from '../../server/src/users/user-bindings.service';
import { matrixOptions, startApp, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';
import { loginRoot, newUser, uniqueName, type Caller } from '../support/http';

/**
 * What the three databases must do alike for the services' SQL to mean the same everywhere
 * (MySQL is the one that differs unless told: utf8mb4, binary collation, no partial indexes,
 * backslash in string literals, changed-rows counts).
 */
describe.each(DATABASES)('portable SQL and schema rules (%s)', (kind) => {
  let t: TestApp;
  let root: Caller;
  let db: DatabaseService;

  beforeAll(async () => {
    t = await startApp(kind, matrixOptions(kind));
    root = await loginRoot(t.url);
    db = t.app.get(DatabaseService);
  });
  afterAll(async () => {
    await t.close();
  });

  const searchIds = async (keyword: string): Promise<number[]> => {
    const res = await root.get(`/api/user/search?keyword=${encodeURIComponent(keyword)}`).expect(200);
    return (res.body.data.items as { id: number }[]).map((u) => u.id).sort((a, b) => a - b);
  };

  it('keeps 4-byte UTF-8 and finds LIKE wildcards and the escape character only literally', async () => {
    const tag = uniqueName('lk');
    const names = [`${tag}_a🦊`, `${tag}xa`, `${tag}%b`, `${tag}!c`, `${tag}\\d`];
    const ids: number[] = [];
    for (const name of names) {
      const { caller } = await newUser(t.url);
      await root.put('/api/user/', { id: caller.userId, display_name: name }).expect(200);
      ids.push(caller.userId as number);
    }
    const [under, plain, pct, bang, backslash] = ids as [number, number, number, number, number];
    expect(await searchIds(tag)).toEqual([...ids].sort((a, b) => a - b));
    expect(await searchIds(`${tag}_`)).toEqual([under]);
    expect(await searchIds(`${tag}%`)).toEqual([pct]);
    expect(await searchIds(`${tag}!`)).toEqual([bang]);
    expect(await searchIds(`${tag}\\`)).toEqual([backslash]);
    expect(await searchIds(`${tag}x`)).toEqual([plain]);
    const me = await root.get(`/api/user/${under}`).expect(200);
    expect(me.body.data.display_name).toBe(`${tag}_a🦊`);
  });

  it('usernames are unique case-sensitively', async () => {
    const base = uniqueName('Cs');
    for (const username of [base, base.toLowerCase()]) {
      const res = await root.post('/api/user/', { username, password: 'password123' }).expect(200);
      expect(res.body.success).toBe(true);
    }
    const again = await root.post('/api/user/', { username: base, password: 'password123' });
    expect(again.body.success).toBe(false);
  });

  it('a provider id is unique among the accounts that have one; any number have none', async () => {
    const a = (await newUser(t.url)).caller.userId as number;
    const b = (await newUser(t.url)).caller.userId as number;
    const id = `gh-${uniqueName()}`;
    // Every account starts without one (an empty string): no clash.
    await db.write((em) => em.update(UserEntity, { id: a }, { githubId: '' }));
    await db.write((em) => em.update(UserEntity, { id: b }, { githubId: '' }));
    await db.write((em) => em.update(UserEntity, { id: a }, { githubId: id }));
    // The index itself refuses the second holder (the service's own guard aside).
    await expect(db.write((em) => em.update(UserEntity, { id: b }, { githubId: id }))).rejects.toThrow();
    // The service answers false rather than throwing.
    const users = t.app.get(UserBindingsService);
    expect(await db.write((em) => users.setBinding(em, b, 'github', id))).toBe(false);
    expect(await db.write((em) => users.setBinding(em, b, 'github', `${id}-b`))).toBe(true);
    // Case matters, as everywhere.
    expect(await db.write((em) => users.setBinding(em, b, 'github', id.toUpperCase()))).toBe(true);
  });

  it('a conditional update that writes the value already there still counts its row', async () => {
    const a = (await newUser(t.url)).caller.userId as number;
    const set = () =>
      db.write((em) => em.createQueryBuilder().update(UserEntity).set({ displayName: 'same' }).where('id = :id AND deleted_at IS NULL', { id: a }).execute());
    expect(DatabaseService.affected(await set())).toBe(1);
    expect(DatabaseService.affected(await set())).toBe(1);
    const none = await db.write((em) => em.createQueryBuilder().update(UserEntity).set({ displayName: 'same' }).where('id = :id', { id: -1 }).execute());
    expect(DatabaseService.affected(none)).toBe(0);
  });
});
