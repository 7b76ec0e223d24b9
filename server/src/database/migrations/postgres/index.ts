import type { MigrationInterface } from 'typeorm';
import { Initial1795306430922 } from './1795306430922-Initial';

/** Migrations for postgres, oldest first. Appended by `npm run migration:generate -w server`. */
export const POSTGRES_MIGRATIONS: (new () => MigrationInterface)[] = [Initial1795306430922];
