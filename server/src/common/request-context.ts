import type { FastifyReply, FastifyRequest } from 'fastify';

/** The authenticated caller, read fresh from the database on every request. */
export interface Principal {
  id: number;
  username: string;
  role: number;
  status: number;
  group: string;
  /** How the caller proved who they are. */
  via: 'session' | 'access_token';
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
    /** Raw session id from the cookie when the caller used a session. */
    sessionId?: string;
  }
}

export type Req = FastifyRequest;
export type Res = FastifyReply;
