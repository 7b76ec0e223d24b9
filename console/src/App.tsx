import { Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ConfirmHost, GlobalStyles, I18nProvider, SluiceThemeProvider, Spinner, Toaster } from '@sluice/ui-kit';
import { Guard } from './app/Guard';
import { Layout } from './app/Layout';
import { SessionProvider, useSession } from './app/session';
import { NotFoundPage, routes } from './routes';

function Themed() {
  const { theme, locale } = useSession();
  return (
    <SluiceThemeProvider mode={theme}>
      <I18nProvider locale={locale}>
        <GlobalStyles />
        <Toaster clearance="top-nav" />
        {/* confirm() dialogs (the kit's widgets' and the console's) in this theme and language. */}
        <ConfirmHost />
        <BrowserRouter>
          <Suspense fallback={<Spinner />}>
            <Routes>
              {routes
                .filter((r) => r.bare)
                .map(({ path, access, Page }) => (
                  <Route key={path} path={path} element={<Guard access={access}><Page /></Guard>} />
                ))}
              <Route element={<Layout />}>
                {routes
                  .filter((r) => !r.bare)
                  .map(({ path, access, Page }) => (
                    <Route key={path} path={path} element={<Guard access={access}><Page /></Guard>} />
                  ))}
                <Route path="*" element={<NotFoundPage />} />
              </Route>
            </Routes>
          </Suspense>
        </BrowserRouter>
      </I18nProvider>
    </SluiceThemeProvider>
  );
}

export function App() {
  return (
    <SessionProvider>
      <Themed />
    </SessionProvider>
  );
}
