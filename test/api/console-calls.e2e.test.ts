import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import request from 'supertest';
import ts from 'typescript';
import { startApp, type TestApp } from '../support/app';
import { DATABASES } from '../support/env';

const ROOT = join(__dirname, '..', '..');
/** Where the console and the kit's widgets call the management API from. */
const SOURCES = ['console/src', 'ui-kit/src'];
const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);
/** Stands for an interpolated value inside a path (an id, a provider name). */
const VALUE = '\u0000';

/** One management call found in the source: its method, its path (`{}` for a value) and where. */
interface Call {
  method: string;
  path: string;
  at: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === 'test' || name === '__tests__' ? [] : sourceFiles(full);
    if (!/\.tsx?$/.test(name) || /\.(test|stories|gen)\.tsx?$/.test(name) || name.endsWith('.d.ts')) return [];
    return [full];
  });
}

function calleeName(call: ts.CallExpression): string {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return '';
}

/** The HTTP methods an argument names: a literal, or a conditional between literals. */
function methodsOf(e: ts.Expression | undefined): string[] {
  if (!e) return [];
  if (ts.isParenthesizedExpression(e)) return methodsOf(e.expression);
  if (ts.isStringLiteralLike(e)) return METHODS.has(e.text) ? [e.text] : [];
  if (ts.isConditionalExpression(e)) {
    const both = [methodsOf(e.whenTrue), methodsOf(e.whenFalse)];
    return both.every((m) => m.length > 0) ? both.flat() : [];
  }
  return [];
}

/** A query-string builder (`q(...)`, `queryString(...)`) or a template starting with `?`. */
function isQuery(e: ts.Expression): boolean {
  if (ts.isCallExpression(e)) return ['q', 'queryString'].includes(calleeName(e));
  if (ts.isTemplateExpression(e)) return e.head.text.startsWith('?');
  return ts.isStringLiteralLike(e) && e.text.startsWith('?');
}

/** Every string an expression can be, with VALUE for what is not a literal. */
function expand(e: ts.Expression): string[] {
  if (ts.isParenthesizedExpression(e)) return expand(e.expression);
  if (ts.isStringLiteralLike(e)) return [e.text];
  if (isQuery(e)) return ['?'];
  if (ts.isConditionalExpression(e)) return [...expand(e.whenTrue), ...expand(e.whenFalse)];
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    return expand(e.left).flatMap((l) => expand(e.right).map((r) => l + r));
  }
  if (ts.isTemplateExpression(e)) {
    let out = [e.head.text];
    for (const span of e.templateSpans) {
      const parts = expand(span.expression);
      out = out.flatMap((o) => parts.map((p) => o + p + span.literal.text));
    }
    return out;
  }
  return [VALUE];
}

/**
 * The path as the document would spell it: no query, no trailing slash, an interpolated segment
 * as `{}`; a value glued to the end of the last segment (`models${query}`) is a query suffix.
 */
function normalise(raw: string): string {
  const path = raw.split('?')[0] as string;
  const segments = path.split('/').filter((s, i) => i === 0 || s !== '');
  const last = segments.length - 1;
  return segments
    .map((s, i) => {
      if (s === VALUE) return '{}';
      if (i === last && s.endsWith(VALUE) && !s.slice(0, -1).includes(VALUE)) return s.slice(0, -1);
      return s.replaceAll(VALUE, '{}');
    })
    .join('/');
}

/** The outermost expression a path literal belongs to (through conditionals, templates, `+`). */
function pathExpression(node: ts.Node): ts.Expression {
  let e = node as ts.Expression;
  for (;;) {
    const p = e.parent;
    if (ts.isParenthesizedExpression(p) || ts.isConditionalExpression(p) || ts.isTemplateSpan(p) || (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.PlusToken)) {
      e = (ts.isTemplateSpan(p) ? p.parent : p) as ts.Expression;
      continue;
    }
    return e;
  }
}

interface Sink {
  file: string;
  /** `path` for `request('GET', path)`, `.start` for `call('GET', spec.start)`. */
  name: string;
  methods: string[];
}

/** Calls with a method literal and a path held in a variable or a property (resolved by name). */
function sinksOf(file: string, sf: ts.SourceFile): Sink[] {
  const out: Sink[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n)) {
      n.arguments.forEach((arg, i) => {
        const methods = i > 0 ? methodsOf(n.arguments[i - 1]) : [];
        if (methods.length === 0) return;
        if (ts.isIdentifier(arg)) out.push({ file, name: arg.text, methods });
        if (ts.isPropertyAccessExpression(arg)) out.push({ file, name: `.${arg.name.text}`, methods });
      });
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/**
 * Every `/api/...` path literal in the console and the kit with the method it is called with:
 * the method argument before it; GET for the swr keys (console/src/api/keys.ts, all fetched with
 * GET) and for `download()` and `useApiData()`; for a path kept in a variable or property, the method of the call
 * that passes that name on (same file first). `invalidate(prefix)` names swr keys, not calls.
 * A path whose method cannot be found this way is returned as unresolved.
 */
function consoleCalls(): { calls: Call[]; unresolved: string[] } {
  const files = SOURCES.flatMap((d) => sourceFiles(join(ROOT, d)));
  const parsed = files.map((f) => ({ file: relative(ROOT, f), sf: ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true) }));
  const sinks = parsed.flatMap(({ file, sf }) => sinksOf(file, sf));
  const calls: Call[] = [];
  const unresolved: string[] = [];

  const methodsFor = (file: string, name: string): string[] => {
    const local = sinks.filter((s) => s.file === file && s.name === name);
    const found = local.length > 0 ? local : name.startsWith('.') ? sinks.filter((s) => s.name === name) : [];
    return [...new Set(found.flatMap((s) => s.methods))];
  };

  for (const { file, sf } of parsed) {
    const inKeys = (n: ts.Node): boolean => {
      if (file !== 'console/src/api/keys.ts') return false;
      for (let p: ts.Node | undefined = n; p; p = p.parent) {
        if (ts.isVariableDeclaration(p)) return ts.isIdentifier(p.name) && p.name.text === 'keys';
      }
      return false;
    };
    const visit = (n: ts.Node): void => {
      const head = ts.isStringLiteralLike(n) ? n.text : ts.isTemplateExpression(n) ? n.head.text : null;
      // A literal nested in a larger path expression is visited with it.
      if (head !== null && head.startsWith('/api/') && !ts.isLiteralTypeNode(n.parent) && !ts.isTemplateSpan(n.parent)) {
        record(n as ts.Expression, pathExpression(n));
      }
      ts.forEachChild(n, visit);
    };
    const record = (literal: ts.Expression, e: ts.Expression): void => {
      const at = `${file}:${sf.getLineAndCharacterOfPosition(literal.getStart(sf)).line + 1}`;
      const p = e.parent;
      let methods: string[] = [];
      if (ts.isCallExpression(p) && calleeName(p) === 'invalidate') return;
      if (ts.isCallExpression(p)) {
        const i = p.arguments.indexOf(e);
        methods = i > 0 ? methodsOf(p.arguments[i - 1]) : ['download', 'useApiData'].includes(calleeName(p)) ? ['GET'] : [];
      } else if (inKeys(e)) {
        methods = ['GET'];
      } else if (ts.isVariableDeclaration(p) && ts.isIdentifier(p.name)) {
        methods = methodsFor(file, p.name.text);
      } else if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) {
        methods = methodsFor(file, `.${p.name.text}`);
      }
      // A conditional between paths: only this literal's branch (the other is its own literal).
      let own: ts.Node = literal;
      while (ts.isConditionalExpression(e) && own.parent !== e) own = own.parent;
      const paths = [...new Set(expand((ts.isConditionalExpression(e) ? own : e) as ts.Expression).map(normalise))];
      if (methods.length === 0) {
        unresolved.push(`${paths.join(' | ')} at ${at}`);
        return;
      }
      for (const method of methods) for (const path of paths) calls.push({ method, path, at });
    };
    visit(sf);
  }
  return { calls, unresolved };
}

type Doc = { paths: Record<string, Record<string, unknown>> };

/** Does the document list this method and path (`{}` matching a `{param}` segment)? */
function documented(doc: Doc, call: Call): boolean {
  const want = call.path.split('/');
  return Object.entries(doc.paths).some(([path, ops]) => {
    const have = path.replace(/\/$/, '').split('/');
    return (
      call.method.toLowerCase() in ops &&
      have.length === want.length &&
      have.every((seg, i) => seg === want[i] || (want[i] === '{}' && /^\{\w+\}$/.test(seg)))
    );
  });
}

/**
 * Issue 24, Done when: the document lists every route the console calls. The calls are read
 * from the console's and the kit's source; the document from the running server.
 */
describe.each(DATABASES.slice(0, 1))('the console calls only documented routes (%s)', (kind) => {
  let t: TestApp;
  let doc: Doc;
  const { calls, unresolved } = consoleCalls();

  beforeAll(async () => {
    t = await startApp(kind);
    doc = (await request(t.url).get('/api/openapi.json').expect(200)).body as Doc;
  });
  afterAll(async () => t.close());

  it('reads the calls from the source, each with its method', () => {
    expect(unresolved).toEqual([]);
    // The reader finds calls of every form: a method literal, an swr key, a path in a property,
    // a conditional path, the kit's client.
    expect(calls).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'POST', path: '/api/user/login', at: expect.stringMatching(/^console\/src\/pages\/LoginPage\.tsx/) }),
        expect.objectContaining({ method: 'GET', path: '/api/redemption', at: expect.stringMatching(/^console\/src\/api\/keys\.ts/) }),
        expect.objectContaining({ method: 'DELETE', path: '/api/redemption/{}' }),
        expect.objectContaining({ method: 'GET', path: '/api/log/self' }),
        expect.objectContaining({ method: 'POST', path: '/api/oauth/telegram/bind' }),
        expect.objectContaining({ method: 'GET', path: '/api/channel/test', at: expect.stringMatching(/useJobs\.ts/) }),
        expect.objectContaining({ method: 'GET', path: '/api/token', at: expect.stringMatching(/^ui-kit\/src\/api\/client\.ts/) }),
        expect.objectContaining({ method: 'PUT', path: '/api/token', at: expect.stringMatching(/^ui-kit\/src\/api\/client\.ts/) }),
      ]),
    );
  });

  it('finds each of them in GET /api/openapi.json (method and path)', () => {
    expect(Object.keys(doc.paths).length).toBeGreaterThan(0);
    const missing = [...new Set(calls.filter((c) => !documented(doc, c)).map((c) => `${c.method} ${c.path}`))].sort();
    const where = (route: string) =>
      calls
        .filter((c) => `${c.method} ${c.path}` === route)
        .map((c) => c.at)
        .join(', ');
    if (missing.length > 0) {
      throw new Error(`${missing.length} route(s) the console calls are not in the document:\n${missing.map((m) => `  ${m}  (${where(m)})`).join('\n')}`);
    }
  });
});
