// /user (admin): user management; /user/edit/{id} opens that user's edit dialog over it; /user/edit
// (anyone signed in) is one's own profile, the personal tab of the settings.
import { Navigate } from 'react-router';
import { UserManagement } from '../features/users/UserManagement';

export function UsersPage() {
  return <UserManagement />;
}

export function OwnProfileRedirect() {
  return <Navigate to="/setting?tab=personal" replace />;
}
