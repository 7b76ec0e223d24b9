// The tree our markdown parser produces. It holds only plain data (strings, numbers,
// already-vetted URLs), so rendering it can never inject markup.

export type HtmlMode = 'escape' | 'sanitize';

export type InlineNode =
  | { type: 'text'; value: string }
  | { type: 'code'; value: string }
  | { type: 'emphasis'; children: InlineNode[] }
  | { type: 'strong'; children: InlineNode[] }
  | { type: 'delete'; children: InlineNode[] }
  /** href has passed safeLinkHref; unsafe links never become link nodes. */
  | { type: 'link'; href: string; title?: string; children: InlineNode[] }
  /** src has passed safeImageSrc. */
  | { type: 'image'; src: string; alt: string; title?: string }
  | { type: 'break' };

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;
export type TableAlign = 'left' | 'center' | 'right' | null;

export type BlockNode =
  | { type: 'heading'; level: HeadingLevel; children: InlineNode[] }
  | { type: 'paragraph'; children: InlineNode[] }
  | { type: 'codeBlock'; lang: string | null; value: string }
  | { type: 'blockquote'; children: BlockNode[] }
  | { type: 'list'; ordered: boolean; start: number; tight: boolean; items: BlockNode[][] }
  | { type: 'thematicBreak' }
  | { type: 'table'; align: TableAlign[]; header: InlineNode[][]; rows: InlineNode[][][] }
  /** Raw HTML block: rendered as text, or through the allowlist sanitiser. */
  | { type: 'html'; value: string };

/** The text a reader would see, for image alt text and accessible names. */
export function plainText(nodes: readonly InlineNode[]): string {
  let out = '';
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
      case 'code':
        out += node.value;
        break;
      case 'emphasis':
      case 'strong':
      case 'delete':
      case 'link':
        out += plainText(node.children);
        break;
      case 'image':
        out += node.alt;
        break;
      case 'break':
        out += '\n';
        break;
      default: {
        const unreachable: never = node;
        throw new Error(`Unknown inline node ${JSON.stringify(unreachable)}`);
      }
    }
  }
  return out;
}
