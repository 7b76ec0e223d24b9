import { Card } from '@sluice/ui-kit';
import { storedUser } from '../api/client';

/** Placeholder until the console issue assembles the screens from the kit. */
export function HomePage() {
  const user = storedUser();
  return (
    <Card style={{ maxWidth: 640, margin: '10vh auto' }}>
      <h2>Sluice</h2>
      <p>{user ? `欢迎，${user.display_name || user.username}` : '欢迎使用 Sluice'}</p>
    </Card>
  );
}
