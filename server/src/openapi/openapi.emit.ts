import 'reflect-metadata';
import type { DynamicModule, ForwardReference, Type } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppModule } from '../app.module';
import type { AppConfig } from '../config/app-config';
import { OPTION_DEFS } from '../options/option-registry';
import { buildOpenApiDocument, type ControllerClass } from './openapi.document';

type ModuleRef = Type | DynamicModule | ForwardReference | Promise<DynamicModule> | undefined;

function isDynamic(m: object): m is DynamicModule {
  return 'module' in m;
}

function isForwardRef(m: object): m is ForwardReference {
  return 'forwardRef' in m;
}

/**
 * The controllers of a module and everything it imports, read from the modules' decorator
 * metadata alone: nothing is instantiated, so no database, Redis or port is needed. In the
 * order Nest's scanner meets them (a module's imports before its own controllers); each
 * controller once.
 */
export function controllersOf(root: ModuleRef): ControllerClass[] {
  const seenModules = new Set<unknown>();
  const out: ControllerClass[] = [];
  const visit = (ref: ModuleRef): void => {
    if (!ref || ref instanceof Promise) {
      if (ref) throw new Error('openapi emit: an async dynamic module cannot be read statically');
      return;
    }
    const mod = typeof ref === 'object' && isForwardRef(ref) ? (ref.forwardRef() as ModuleRef) : ref;
    if (!mod) return;
    if (seenModules.has(mod)) return;
    seenModules.add(mod);
    const cls = typeof mod === 'object' && isDynamic(mod) ? mod.module : mod;
    const imports = [
      ...((Reflect.getMetadata(MODULE_METADATA.IMPORTS, cls) ?? []) as ModuleRef[]),
      ...(typeof mod === 'object' && isDynamic(mod) ? ((mod.imports ?? []) as ModuleRef[]) : []),
    ];
    for (const i of imports) visit(i);
    const controllers = [
      ...((Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, cls) ?? []) as ControllerClass[]),
      ...(typeof mod === 'object' && isDynamic(mod) ? ((mod.controllers ?? []) as ControllerClass[]) : []),
    ];
    for (const c of controllers) if (!out.includes(c)) out.push(c);
  };
  visit(root);
  return out;
}

/** Object keys in code-point order, so the emitted document does not depend on module order. */
function sortKeys(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The management API's OpenAPI document as `GET /api/openapi.json` serves it on a fresh install
 * (option values at their defaults), built without starting the server. Paths and component
 * schemas are sorted by name so the generated client types are stable.
 */
export function emitOpenApiDocument(): Record<string, unknown> {
  // forRoot only places the config in ConfigModule's providers; the module graph is read, never
  // instantiated, so no config value is looked at.
  const root = AppModule.forRoot({} as AppConfig);
  const version = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
  const doc = buildOpenApiDocument(controllersOf(root), { quotaPerUnit: Number(OPTION_DEFS.QuotaPerUnit.default) }, version);
  const components = doc.components as { schemas: Record<string, unknown> };
  return {
    ...doc,
    paths: sortKeys(doc.paths as Record<string, unknown>),
    components: { ...components, schemas: sortKeys(components.schemas) },
  };
}

// `node server/dist/openapi/openapi.emit.js` prints the document (the root `npm run api:types` reads it).
if (require.main === module) {
  process.stdout.write(`${JSON.stringify(emitOpenApiDocument(), null, 2)}\n`);
}
