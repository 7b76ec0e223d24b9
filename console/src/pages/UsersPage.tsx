// /user (admin): user management.
import { UserManagement } from '../features/users/UserManagement';

export function UsersPage() {
  return <UserManagement />;
}
