import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Banner, Button, Card, Dialog, Input } from '@sluice/ui-kit';
import { useLogin } from '../features/auth/useLogin';

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { submit, error, busy } = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [warnDefault, setWarnDefault] = useState(false);

  const onSubmit = async () => {
    const user = await submit(username.trim(), password);
    if (!user) return;
    if (user.default_password) setWarnDefault(true);
    else navigate('/token');
  };

  return (
    <Card style={{ maxWidth: 400, margin: '10vh auto' }}>
      <h2>登录</h2>
      {params.get('expired') === 'true' && <Banner type="warning">未登录或登录已过期，请重新登录！</Banner>}
      {error && <Banner type="danger">{error}</Banner>}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
      >
        <Input aria-label="用户名" placeholder="用户名" value={username} onChange={(e) => setUsername(e.target.value)} />
        <Input aria-label="密码" placeholder="密码" type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <Button type="submit" disabled={busy}>
          登录
        </Button>
      </form>
      <Dialog
        open={warnDefault}
        onOpenChange={(open) => {
          setWarnDefault(open);
          if (!open) navigate('/token');
        }}
        title="安全警告"
        description="您正在使用默认密码！请立刻修改默认密码！"
      />
    </Card>
  );
}
