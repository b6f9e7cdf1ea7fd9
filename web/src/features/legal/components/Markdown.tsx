import { Fragment, useMemo } from 'react';
import { Anchor, Box, List, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { parseMarkdown, type Inline } from '../api/markdown';

function Inlines({ items }: { items: Inline[] }) {
  return (
    <>
      {items.map((n, i) => {
        switch (n.type) {
          case 'text':
            return <Fragment key={i}>{n.text}</Fragment>;
          case 'br':
            return <br key={i} />;
          case 'strong':
            return (
              <Text key={i} span fw={650} inherit>
                <Inlines items={n.children} />
              </Text>
            );
          case 'em':
            return (
              <Text key={i} span fs="italic" inherit>
                <Inlines items={n.children} />
              </Text>
            );
          case 'link':
            return (
              <Anchor
                key={i}
                href={n.href}
                inherit
                {...(/^https?:/i.test(n.href) ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}
              >
                <Inlines items={n.children} />
              </Anchor>
            );
        }
      })}
    </>
  );
}

/** A legal text's Markdown as elements (../api/markdown.ts): typography for long reading. */
export function Markdown({ text }: { text: string }) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  return (
    <Box className="arbor-legal-text" data-testid="legal-text">
      {blocks.map((b, i) => {
        switch (b.type) {
          case 'heading':
            return (
              <Title
                key={i}
                order={b.level}
                fz={b.level === 1 ? { base: 26, sm: 32 } : b.level === 2 ? 19 : 16}
                lts={b.level === 1 ? -0.5 : -0.1}
                mt={i === 0 ? 0 : b.level === 1 ? 'xl' : 'lg'}
                mb={b.level === 1 ? 'md' : 6}
              >
                <Inlines items={b.children} />
              </Title>
            );
          case 'paragraph':
            return (
              <Text key={i} lh={1.7} mb="sm">
                <Inlines items={b.children} />
              </Text>
            );
          case 'quote':
            return (
              <Box key={i} className="arbor-legal-note" my="md" role="note">
                <IconAlertTriangle size={20} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
                <Text lh={1.6} fw={500}>
                  <Inlines items={b.children} />
                </Text>
              </Box>
            );
          case 'list':
            return (
              <List key={i} type={b.ordered ? 'ordered' : 'unordered'} spacing={6} mb="sm" lh={1.65} pl={4}>
                {b.items.map((item, j) => (
                  <List.Item key={j}>
                    <Inlines items={item} />
                  </List.Item>
                ))}
              </List>
            );
        }
      })}
    </Box>
  );
}
