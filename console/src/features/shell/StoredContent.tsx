// Operator-authored page content (home page, about): a URL fills the page as a frame; anything
// else is Markdown with HTML allowed through the kit's sanitizer (admin content only).
import { Markdown, PageContainer, PageFrame } from '@sluice/ui-kit';

export const isUrl = (content: string): boolean => /^https?:\/\/\S+$/i.test(content.trim());

export function StoredContent({ content, frameTitle, title }: { content: string; frameTitle: string; title?: string }) {
  if (isUrl(content)) return <PageFrame src={content.trim()} title={frameTitle} />;
  return (
    <PageContainer title={title}>
      <Markdown html="sanitize">{content}</Markdown>
    </PageContainer>
  );
}
