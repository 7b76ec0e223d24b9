import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { GlobalStyles, I18nProvider, SluiceThemeProvider, Spinner, Toaster } from '@sluice/ui-kit';
import { storedUser } from './api/client';

const LoginPage = lazy(() => import('./pages/LoginPage').then((m) => ({ default: m.LoginPage })));
const HomePage = lazy(() => import('./pages/HomePage').then((m) => ({ default: m.HomePage })));

function Protected({ children }: { children: React.ReactElement }) {
  return storedUser() ? children : <Navigate to="/login" replace />;
}

export function App() {
  const mode = localStorage.getItem('theme-mode') === 'dark' ? 'dark' : 'light';
  return (
    <SluiceThemeProvider mode={mode}>
      <I18nProvider locale="zh-CN">
        <GlobalStyles />
        <Toaster />
        <BrowserRouter>
          <Suspense fallback={<Spinner />}>
            <Routes>
              <Route path="/login" element={<LoginPage />} />
              <Route path="/token" element={<Protected><HomePage /></Protected>} />
              <Route path="/" element={<HomePage />} />
              <Route path="*" element={<p>页面不存在</p>} />
            </Routes>
          </Suspense>
        </BrowserRouter>
      </I18nProvider>
    </SluiceThemeProvider>
  );
}
