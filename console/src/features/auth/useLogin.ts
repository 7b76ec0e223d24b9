import { useState } from 'react';
import { api, storeUser, type LoginUser } from '../../api/client';

export function useLogin(): {
  submit: (username: string, password: string) => Promise<LoginUser | null>;
  error: string | null;
  busy: boolean;
} {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (username: string, password: string): Promise<LoginUser | null> => {
    if (username === '' || password === '') {
      setError('请输入用户名和密码！');
      return null;
    }
    setBusy(true);
    try {
      const res = await api<LoginUser>('/api/user/login', { method: 'POST', body: JSON.stringify({ username, password }) });
      if (!res.success || !res.data) {
        setError(res.message);
        return null;
      }
      setError(null);
      storeUser(res.data);
      return res.data;
    } catch {
      setError('无法正常连接至服务器！');
      return null;
    } finally {
      setBusy(false);
    }
  };
  return { submit, error, busy };
}
