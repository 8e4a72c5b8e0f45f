import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '~/platform/ui/cn';
import type { RichBlock, RichInline } from './rich-text';

const LINK = 'font-semibold text-ember-700 underline underline-offset-2';

function Inline({ nodes }: { nodes: RichInline[] }): ReactNode {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'break':
        return <br key={index} />;
      case 'strong':
        return (
          <strong key={index} className="font-semibold">
            <Inline nodes={node.children} />
          </strong>
        );
      case 'em':
        return (
          <em key={index}>
            <Inline nodes={node.children} />
          </em>
        );
      case 'link':
        // The site's own pages move without a reload; other addresses are plain links.
        return node.href.startsWith('/') ? (
          <Link key={index} to={node.href} className={LINK}>
            <Inline nodes={node.children} />
          </Link>
        ) : (
          <a key={index} href={node.href} className={LINK}>
            <Inline nodes={node.children} />
          </a>
        );
    }
  });
}

function Blocks({ blocks }: { blocks: RichBlock[] }): ReactNode {
  return blocks.map((block, index) => {
    switch (block.type) {
      case 'paragraph':
        return (
          <p key={index}>
            <Inline nodes={block.children} />
          </p>
        );
      case 'heading': {
        const Heading = block.level === 3 ? 'h3' : 'h4';
        return (
          <Heading key={index} className="pt-2 text-xl font-bold">
            <Inline nodes={block.children} />
          </Heading>
        );
      }
      case 'list': {
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List
            key={index}
            className={cn('space-y-1 ps-6 text-start', block.ordered ? 'list-decimal' : 'list-disc')}
          >
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex} className="space-y-2">
                <Blocks blocks={item} />
              </li>
            ))}
          </List>
        );
      }
    }
  });
}

/** Formatted text the organisers wrote (rich-text.ts), in the surrounding text's style. */
export function RichText({ blocks, className }: { blocks: RichBlock[]; className?: string }) {
  return (
    <div className={cn('space-y-4', className)}>
      <Blocks blocks={blocks} />
    </div>
  );
}
