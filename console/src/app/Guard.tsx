import type { ReactElement } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Access } from '../routes';
import { NotFoundPage } from '../routes';
import { useSession } from './session';

/** The spec's guard: no stored user on a protected route goes to /login; non-admins see not-found. */
export function Guard({ access, children }: { access: Access; children: ReactElement }) {
  const { user, admin } = useSession();
  const location = useLocation();
  if (access === 'public') return children;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (access === 'admin' && !admin) return <NotFoundPage />;
  return children;
}
