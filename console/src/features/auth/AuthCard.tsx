import type { ReactNode } from 'react';
import { Card, PageContainer } from '@sluice/ui-kit';

/** The narrow frame of the sign-in screens: the page's h1 and one card. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <PageContainer title={title} width="narrow">
      <Card footer={footer}>{children}</Card>
    </PageContainer>
  );
}
