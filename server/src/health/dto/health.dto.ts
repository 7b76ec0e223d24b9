import { z } from 'zod';

/** GET /api/health's data (also sent, with success false and status 503, when the database is down). */
export const healthSchema = z
  .object({
    database: z.enum(['up', 'down']),
    database_type: z.string().meta({ description: 'sqlite, postgres or mysql' }),
    redis: z.enum(['up', 'down', 'disabled']),
  })
  .meta({ id: 'Health' });

export type HealthView = z.output<typeof healthSchema>;
